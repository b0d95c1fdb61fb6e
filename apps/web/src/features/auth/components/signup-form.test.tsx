import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders, sentRequest } from '../../../../test/render';
import { SignupForm } from './signup-form';

afterEach(() => vi.unstubAllGlobals());

const renderSignup = () => renderWithProviders(<SignupForm redirectTo="/" />, { route: '/signup' });

/** Renders the form, fills it in and submits it. */
const signUpAs = async (name: string, email: string, password: string) => {
  renderSignup();
  await userEvent.type(screen.getByLabelText('Name'), name);
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
};

describe('SignupForm', () => {
  it('asks for name, email and password (docs/product.md §5)', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderSignup();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed email and a short password', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderSignup();
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example');
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    expect(screen.getByText('Must be 6 caracters or longer')).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });

  it('sends the name with the account and shows a taken email as (auth/email-already-in-use)', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(
        { message: 'User already exists. Use another email.', code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' },
        422,
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await signUpAs('  Ada Lovelace ', 'ada@example.com', 'engine-1843');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'User already exists. Use another email (auth/email-already-in-use).',
    );
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/auth/sign-up/email',
      method: 'POST',
      body: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        password: 'engine-1843',
      },
    });
  });

  it('stays on the form and says where to look when the cookie opens no session (decisions 0131, 0191)', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/sign-up/email')
        ? jsonResponse({ token: 'x'.repeat(32), user: { id: 'x', email: 'ada@example.com', name: 'Ada' } })
        : jsonResponse(null),
    );
    vi.stubGlobal('fetch', fetchMock);
    await signUpAs('Ada', 'ada@example.com', 'engine-1843');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We have sent a message to ada@example.com. If this address already has an account, the message holds a link to choose a new password and sign in. It may take a minute to arrive.',
    );
    expect(screen.getByRole('form', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('links to the login page', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderSignup();
    expect(screen.getByRole('link', { name: 'Please Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('button', { name: 'Continue With Google' })).toBeInTheDocument();
  });
});
