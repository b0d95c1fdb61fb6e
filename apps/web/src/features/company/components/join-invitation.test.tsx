import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authKeys } from '@/lib/query-keys';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '../../../../test/render';
import { myCompany, stubApi } from '../../../../test/company';
import { JoinInvitation } from './join-invitation';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const preview = {
  companyName: 'Acme Fabrication Ltd',
  role: 'buyer',
  email: 'bob@acme.example',
  expiresAt: '2026-12-03T10:00:00.000Z',
};

/** The page at /join/tok, with the session already known (a visitor, or Bob signed in). */
const renderJoin = (signedIn: boolean) => {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(
    authKeys.session(),
    signedIn
      ? { id: 'u-bob', name: 'Bob', email: 'bob@acme.example', image: null, role: null, emailVerified: true }
      : null,
  );
  return renderWithProviders(<JoinInvitation token="tok" />, {
    queryClient,
    route: '/join/:token',
    path: '/join/tok',
    routes: [{ path: '/dashboard/company', element: <p>company page</p> }],
  });
};

describe('joining a company by its invitation link', () => {
  it('offers a visitor to sign in or up, each coming back to the link', async () => {
    stubApi({ 'GET /companyInvitations/tok': jsonResponse(preview) });
    renderJoin(false);
    expect(await screen.findByTestId('join-offer')).toHaveTextContent(
      'You are invited to join Acme Fabrication Ltd as buyer',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fjoin%2Ftok',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/signup?redirectTo=%2Fjoin%2Ftok',
    );
  });

  it('joins the signed-in invitee and goes to the Company page', async () => {
    const calls = stubApi({
      'GET /companyInvitations/tok': jsonResponse(preview),
      'POST /companyInvitations/tok/accept': jsonResponse(myCompany({ userId: 'u-bob', role: 'buyer' })),
    });
    renderJoin(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Join Acme Fabrication Ltd' }));
    expect(await screen.findByText('company page')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /companyInvitations/tok/accept')).toBe(true);
  });

  it('says so when the link has expired (410)', async () => {
    stubApi({
      'GET /companyInvitations/tok': jsonResponse(
        { message: 'The invitation has expired', code: 'GONE' },
        410,
      ),
    });
    renderJoin(false);
    expect(await screen.findByTestId('join-problem')).toHaveTextContent('This invitation has expired');
  });

  it('says so when the link was used, revoked or never issued (404)', async () => {
    stubApi({});
    renderJoin(true);
    expect(await screen.findByTestId('join-problem')).toHaveTextContent(
      'This invitation link no longer works',
    );
  });

  it("shows the server's refusal when another account tries to join", async () => {
    stubApi({
      'GET /companyInvitations/tok': jsonResponse({ ...preview, email: 'cy@acme.example' }),
      'POST /companyInvitations/tok/accept': jsonResponse(
        { message: 'This invitation is for another e-mail address', code: 'FORBIDDEN' },
        403,
      ),
    });
    renderJoin(true);
    expect(await screen.findByTestId('join-other-account')).toHaveTextContent(
      'You are signed in as bob@acme.example',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Join Acme Fabrication Ltd' }));
    expect(await screen.findByTestId('join-error')).toHaveTextContent(
      'This invitation is for another e-mail address',
    );
  });
});
