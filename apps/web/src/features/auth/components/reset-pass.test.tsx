import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ResetPassRoute from '@/routes/auth/reset-pass';
import { jsonResponse, renderWithProviders, sentRequest } from '../../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const renderReset = (path = '/resetPass') =>
  renderWithProviders(<ResetPassRoute />, {
    route: '/resetPass',
    path,
    routes: [{ path: '/login', element: <p>Login page</p> }],
  });

describe('/resetPass', () => {
  it('keeps Submit disabled while the email is empty (docs/product.md §5)', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderReset();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Email'), 'a');
    expect(submit).toBeEnabled();
    await userEvent.clear(screen.getByLabelText('Email'));
    expect(submit).toBeDisabled();
  });

  it('rejects a malformed email', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderReset();
    await userEvent.type(screen.getByLabelText('Email'), 'nobody@');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the reset e-mail and shows 'Email sent'", async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ status: true }));
    vi.stubGlobal('fetch', fetchMock);
    renderReset();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Email sent')).toBeInTheDocument();
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/auth/request-password-reset',
      method: 'POST',
      body: { email: 'ada@example.com', redirectTo: '/resetPass' },
    });
  });

  it('shows the provider error when asked too often (auth/too-many-requests)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Too many requests', code: 'RATE_LIMITED' }, 429)),
    );
    renderReset();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('(auth/too-many-requests)');
  });

  it('with ?token=, asks for a new password of at least 6 characters, then goes to /login', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ status: true }));
    vi.stubGlobal('fetch', fetchMock);
    renderReset('/resetPass?token=tok-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save New Password' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New Password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save New Password' }));
    expect(await screen.findByText('Must be 6 caracters or longer')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New Password'), 'defgh');
    await userEvent.click(screen.getByRole('button', { name: 'Save New Password' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/auth/reset-password',
      method: 'POST',
      body: { token: 'tok-1', newPassword: 'abcdefgh' },
    });
  });

  it('with ?error=INVALID_TOKEN, says the link is dead and offers to send another', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderReset('/resetPass?error=INVALID_TOKEN');
    expect(screen.getByRole('alert')).toHaveTextContent(/expired or has already been used/);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });
});
