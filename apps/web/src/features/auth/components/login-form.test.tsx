import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_TOKEN_KEY } from '@/lib/api-client';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { LoginForm } from './login-form';

const fakeJwt = (payload: object) =>
  `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderLogin = (redirectTo = '/') =>
  renderWithProviders(<LoginForm redirectTo={redirectTo} />, {
    route: '/login',
    routes: [{ path: '/dashboard/myOrders', element: <p>My orders page</p> }],
  });

describe('LoginForm', () => {
  it('asks for the email and the password (docs/product.md §5)', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed email and a short password with the spec messages', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    expect(screen.getByText('Must be 6 caracters or longer')).toBeInTheDocument();
  });

  it('shows the provider error under the form as (auth/invalid-credential)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' }, 401),
      ),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'someone@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email or password (auth/invalid-credential).',
    );
  });

  it('signs in, exchanges the email for the access token, then goes back where the user came from', async () => {
    const token = fakeJwt({ email: 'someone@example.com', exp: Math.floor(Date.now() / 1000) + 3600 });
    const user = { id: 'u1', name: 'Someone', email: 'someone@example.com', image: null, role: 'user' };
    const fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/auth/sign-in/email')) return jsonResponse({ redirect: false, token: 'x', user });
      if (url.endsWith('/auth/get-session')) return jsonResponse({ session: { id: 's1' }, user });
      if (url.includes('/user/')) return jsonResponse({ result: {}, token, expiresIn: 3600 });
      return jsonResponse({ message: 'unexpected' }, 500);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderLogin('/dashboard/myOrders');
    await userEvent.type(screen.getByLabelText('Email'), 'Someone@Example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('My orders page')).toBeInTheDocument();
    const [signInUrl, signInInit] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(signInUrl).toBe('/api/auth/sign-in/email');
    expect(JSON.parse(signInInit.body as string)).toEqual({
      email: 'someone@example.com',
      password: 'secret-123',
    });
    const exchange = fetchMock.mock.calls.find(([url]) => String(url).includes('/user/')) as unknown as [
      string,
      RequestInit,
    ];
    expect(exchange[0]).toBe('/api/user/someone%40example.com');
    expect(exchange[1].method).toBe('PUT');
    await waitFor(() => expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(token));
  });

  it('reports a server it cannot reach as (auth/network-request-failed)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'someone@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('(auth/network-request-failed)');
  });

  it('links to sign-up and to the password reset, and offers Google', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderLogin();
    expect(screen.getByRole('link', { name: 'Create New Account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/resetPass');
    expect(screen.getByRole('button', { name: 'Continue With Google' })).toBeEnabled();
  });
});
