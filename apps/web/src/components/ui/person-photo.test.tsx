import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PersonPhoto } from './person-photo';

describe('PersonPhoto', () => {
  it('shows the photo, named for the person', () => {
    render(<PersonPhoto name="Ada Buyer" src="/ada.jpg" size="lg" />);
    expect(screen.getByRole('img', { name: 'Photo of Ada Buyer' })).toHaveAttribute('width', '96');
  });

  it('shows the first letter of the name without one, hidden from screen readers', () => {
    const { container } = render(<PersonPhoto name=" ada" src={null} size="md" lazy />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container).toHaveTextContent('A');
  });
});
