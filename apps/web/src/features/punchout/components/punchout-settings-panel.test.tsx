import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PunchoutDocument, PunchoutSettings } from '@forgeline/shared/schemas/punchout';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { stubApi } from '../../../../test/company';
import { PunchoutSettingsPanel } from './punchout-settings-panel';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const settings: PunchoutSettings = {
  buyer: { id: 'u1', name: 'Bob Buyer', email: 'bob@acme.example' },
  cxmlDomain: 'networkid',
  cxmlIdentity: 'AN-ACME',
  hasSharedSecret: true,
  ociUsername: null,
  hasOciPassword: false,
  updatedAt: '2026-11-28T10:00:00.000Z',
};
const document: PunchoutDocument = {
  id: 'd1',
  direction: 'in',
  kind: 'OrderRequest',
  payloadId: 'p1@fake',
  status: 200,
  body: '<cXML><SharedSecret>***</SharedSecret></cXML>',
  createdAt: '2026-11-28T10:05:00.000Z',
};

describe('Punchout settings panel (admin)', () => {
  it('sets up punchout for a company, and says the server refusal when the buyer is no member', async () => {
    let saved = false;
    const calls = stubApi({
      'GET /companies/c1/punchout': () =>
        saved ? jsonResponse(settings) : jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404),
      'GET /companies/c1/punchout/documents': () => jsonResponse([]),
      'PUT /companies/c1/punchout': (body) => {
        if ((body as { buyerEmail: string }).buyerEmail !== 'bob@acme.example')
          return jsonResponse(
            { message: 'The punchout buyer must be a member of this company.', code: 'VALIDATION_FAILED' },
            400,
          );
        saved = true;
        return jsonResponse(settings);
      },
    });
    renderWithProviders(<PunchoutSettingsPanel companyId="c1" />);
    expect(await screen.findByText('Not set up: this company cannot punch out yet.')).toBeInTheDocument();
    expect(await screen.findByText('No punchout documents yet.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/Punchout buyer/), 'eve@elsewhere.example');
    await userEvent.type(screen.getByLabelText('cXML identity'), 'AN-ACME');
    await userEvent.type(screen.getByLabelText('cXML shared secret'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save punchout settings' }));
    expect(await screen.findByText('The shared secret must have at least 12 characters')).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);

    await userEvent.clear(screen.getByLabelText('cXML shared secret'));
    await userEvent.type(screen.getByLabelText('cXML shared secret'), 'acme-shared-secret-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save punchout settings' }));
    expect(
      await screen.findByText('The punchout buyer must be a member of this company.'),
    ).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/Punchout buyer/));
    await userEvent.type(screen.getByLabelText(/Punchout buyer/), 'bob@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save punchout settings' }));
    await waitFor(() => expect(screen.getByText(/^Set up; last changed/)).toBeInTheDocument());
    const put = calls.filter((c) => c.key === 'PUT /companies/c1/punchout').at(-1)!;
    expect(put.body).toEqual({
      buyerEmail: 'bob@acme.example',
      cxmlDomain: 'NetworkID',
      cxmlIdentity: 'AN-ACME',
      sharedSecret: 'acme-shared-secret-2026',
      ociUsername: null,
    });
    // The secret field is emptied again, and says a blank one keeps the one set.
    expect(screen.getByLabelText('cXML shared secret')).toHaveValue('');
    expect(screen.getByText('Leave blank to keep the one set.')).toBeInTheDocument();
  });

  it('lists the documents in and out, each readable as it was', async () => {
    stubApi({
      'GET /companies/c1/punchout': () => jsonResponse(settings),
      'GET /companies/c1/punchout/documents': () => jsonResponse([document]),
    });
    renderWithProviders(<PunchoutSettingsPanel companyId="c1" />);
    await userEvent.click(await screen.findByText('Received OrderRequest'));
    expect(screen.getByText('<cXML><SharedSecret>***</SharedSecret></cXML>')).toBeVisible();
    expect(screen.getByLabelText('cXML identity')).toHaveValue('AN-ACME');
  });
});
