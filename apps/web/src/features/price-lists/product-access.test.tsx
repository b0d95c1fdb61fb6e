import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerGroup, ProductAccess } from '@forgeline/shared/schemas/price-list';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ProductAccessSection } from './components/product-access-section';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const groups: CustomerGroup[] = [
  { id: 'g1', name: 'Distributors', companies: [] },
  { id: 'g2', name: 'OEMs', companies: [] },
];

describe('ProductAccessSection', () => {
  it('restricts a part to a group, takes a company off the hidden list, and saves the whole of it', async () => {
    const access: ProductAccess = {
      restricted: false,
      allow: [],
      deny: [{ kind: 'company', id: 'c1', name: 'Acme Works' }],
    };
    const writes: { method: string; path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        if (init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as ProductAccess;
          writes.push({ method: 'PUT', path: url.pathname, body });
          return jsonResponse({ ...body, allow: [{ kind: 'group', id: 'g2', name: 'OEMs' }] });
        }
        if (url.pathname === '/api/customer-groups') return jsonResponse(groups);
        return jsonResponse(access);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ProductAccessSection productId="p1" />);
    await user.click(await screen.findByLabelText(/Restricted: only the companies and groups allowed/));
    await user.click(screen.getByRole('button', { name: 'Remove Acme Works from hidden from' }));
    await user.selectOptions(screen.getByLabelText('Who'), 'group');
    const group = screen.getByLabelText('Group');
    await waitFor(() => expect(group).toHaveTextContent('OEMs'));
    await user.selectOptions(group, 'g2');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('button', { name: 'Remove OEMs from allowed' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save who can see it' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      path: '/api/products/p1/access',
      body: { restricted: true, allow: [{ kind: 'group', id: 'g2' }], deny: [] },
    });
  });
});
