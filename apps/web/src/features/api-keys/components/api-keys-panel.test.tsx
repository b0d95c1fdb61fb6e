import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey } from '@forgeline/shared/schemas/api-key';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { stubApi } from '../../../../test/company';
import { ApiKeysPanel } from './api-keys-panel';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('@/lib/dialogs', () => ({ confirmDialog: vi.fn(async () => true) }));
afterEach(() => vi.unstubAllGlobals());

const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 'k1',
  name: 'ERP sync',
  start: 'flk_AbC123',
  scopes: ['products:read'],
  createdBy: { id: 'u1', name: 'Sam Shop', email: 'sam@forgeline.dev' },
  createdAt: '2026-11-27T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});

describe('API keys panel', () => {
  it('makes a shop key with the scopes chosen, shows its secret once, and lists it', async () => {
    let made = false;
    const calls = stubApi({
      'GET /apiKeys': () => jsonResponse(made ? [key({ scopes: ['products:read', 'orders:write'] })] : []),
      'POST /apiKeys': () => {
        made = true;
        return jsonResponse({ key: key(), secret: 'flk_secretsecretsecretsecretsecret' }, 201);
      },
    });
    renderWithProviders(<ApiKeysPanel owner="shop" />);
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    // Company scopes are not offered to the shop.
    expect(screen.queryByLabelText(/quotes:read/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Make key' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one scope')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /apiKeys')).toBe(false);

    await userEvent.type(screen.getByLabelText('Name'), 'ERP sync');
    await userEvent.click(screen.getByLabelText(/products:read/));
    await userEvent.click(screen.getByLabelText(/orders:write/));
    await userEvent.click(screen.getByRole('button', { name: 'Make key' }));
    expect(await screen.findByTestId('api-key-secret')).toHaveTextContent(
      'flk_secretsecretsecretsecretsecret',
    );
    expect(calls.find((call) => call.key === 'POST /apiKeys')?.body).toEqual({
      name: 'ERP sync',
      scopes: ['products:read', 'orders:write'],
    });
    const listed = await screen.findByTestId('api-key');
    expect(listed).toHaveTextContent('ERP sync flk_AbC123…');
    expect(listed).toHaveTextContent('products:read, orders:write');
    expect(listed).toHaveTextContent('last used never');

    // Done hides the secret for good: the form is back.
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('api-key-secret')).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Make an API key' })).toBeInTheDocument();
  });

  it('revokes a company key after confirming, and marks it revoked', async () => {
    let revoked = false;
    const calls = stubApi({
      'GET /company/apiKeys': () =>
        jsonResponse([key({ name: 'Coupa', revokedAt: revoked ? '2026-11-27T11:00:00.000Z' : null })]),
      'DELETE /company/apiKeys/k1': () => {
        revoked = true;
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<ApiKeysPanel owner="company" />);
    // A company key's scopes are the company's.
    expect(await screen.findByLabelText(/quotes:read/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/products:write/)).not.toBeInTheDocument();
    const item = await screen.findByTestId('api-key');
    await userEvent.click(within(item).getByRole('button', { name: 'Revoke Coupa' }));
    await waitFor(() => expect(calls.some((call) => call.key === 'DELETE /company/apiKeys/k1')).toBe(true));
    expect(await within(await screen.findByTestId('api-key')).findByText(/^Revoked/)).toBeInTheDocument();
  });
});
