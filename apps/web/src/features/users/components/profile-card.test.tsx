import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import type { SessionUser } from '@/lib/auth';
import { ProfileCard } from './profile-card';

const user = (emailVerified: boolean): SessionUser => ({
  id: 'u1',
  name: 'Ada Buyer',
  email: 'ada@example.com',
  image: null,
  role: null,
  emailVerified,
});

describe('ProfileCard (decision 0131)', () => {
  it('says when the address is not confirmed yet, and why it matters', async () => {
    renderWithProviders(<ProfileCard user={user(false)} info={undefined} />);
    expect(await screen.findByTestId('email-unconfirmed')).toHaveTextContent(/open the link we e-mailed you/);
  });

  it('says nothing more once it is', async () => {
    renderWithProviders(<ProfileCard user={user(true)} info={undefined} />);
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.queryByTestId('email-unconfirmed')).toBeNull();
  });
});
