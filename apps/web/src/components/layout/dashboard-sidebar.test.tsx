import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { DashboardSidebar } from './dashboard-sidebar';

const linkNames = () => screen.getAllByRole('link').map((link) => link.textContent);

describe('DashboardSidebar', () => {
  it("gives a buyer the spec's items as named, and Quick order one tap away", () => {
    renderWithProviders(<DashboardSidebar isAdmin={false} />);
    expect(linkNames()).toEqual([
      'My Profile',
      'My Orders',
      'Quick order',
      'My Reviews',
      'My Quotes',
      'My Invoices',
      'Company',
    ]);
    expect(screen.getByRole('link', { name: 'Quick order' })).toHaveAttribute('href', '/quick-order');
  });

  it('keeps the admin tools without a buyer pad', () => {
    renderWithProviders(<DashboardSidebar isAdmin />);
    expect(linkNames()).not.toContain('Quick order');
    expect(linkNames()).toContain('Manage All Orders');
  });
});
