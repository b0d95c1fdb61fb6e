import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyApplication } from '@forgeline/shared/schemas/company';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { makeMember, makeRequest, myCompany, stubApi } from '../../../../test/company';
import { CompanyPage } from './company-page';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('@/lib/dialogs', () => ({ confirmDialog: vi.fn(async () => true) }));
afterEach(() => vi.unstubAllGlobals());

const searchParts = vi.fn(async () => []);
const renderPage = (tab?: string) =>
  renderWithProviders(<CompanyPage searchParts={searchParts} />, {
    route: '/dashboard/company',
    path: `/dashboard/company${tab ? `?tab=${tab}` : ''}`,
  });

const application = (over: Partial<CompanyApplication> = {}): CompanyApplication => ({
  id: 'a1',
  companyName: 'Acme Fabrication Ltd',
  taxId: null,
  note: null,
  status: 'pending',
  applicant: { id: 'u-ada', name: 'Ada', email: 'ada@acme.example' },
  reason: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  decidedAt: null,
  country: 'DE',
  region: null,
  ...over,
});

describe('Company page without a company', () => {
  it('sends the application, then shows it as being reviewed', async () => {
    let applied = false;
    const calls = stubApi({
      'GET /company': () =>
        jsonResponse({ company: null, member: null, application: applied ? application() : null }),
      'POST /companyApplications': () => {
        applied = true;
        return jsonResponse(application(), 201);
      },
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Company legal name'), 'Acme Fabrication Ltd');
    await userEvent.type(screen.getByLabelText('Billing address'), '1 Mill Road, Leeds');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'GB');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('application-status')).toHaveTextContent(
      'Your application for Acme Fabrication Ltd is being reviewed',
    );
    // A blank tax ID is left out: the server takes none, never null.
    const body = calls.find((call) => call.key === 'POST /companyApplications')?.body;
    expect(body).toMatchObject({
      companyName: 'Acme Fabrication Ltd',
      billingAddress: '1 Mill Road, Leeds',
      country: 'GB',
    });
    expect(body).not.toHaveProperty('taxId');
  });

  it('says why an application was declined, and offers the form again', async () => {
    stubApi({
      'GET /company': jsonResponse({
        company: null,
        member: null,
        application: application({ status: 'declined', reason: 'We could not verify the VAT number' }),
      }),
    });
    renderPage();
    expect(await screen.findByTestId('application-status')).toHaveTextContent(
      'Reason: We could not verify the VAT number',
    );
    expect(screen.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });
});

describe('Company page of a member', () => {
  it('lets a buyer read the details, without the admin tools', async () => {
    stubApi({ 'GET /company': jsonResponse(myCompany({ role: 'buyer' })) });
    renderPage();
    expect(await screen.findByTestId('company-details')).toHaveTextContent('DE123456789');
    expect(screen.getByTestId('company-terms')).toHaveTextContent('Net 30 days');
    expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Invitations' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal when the last admin leaves', async () => {
    stubApi({
      'GET /company': jsonResponse(myCompany()),
      'DELETE /company/members/u-ada': jsonResponse(
        { message: 'The last admin of a company cannot leave it', code: 'CONFLICT' },
        409,
      ),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Leave company' }));
    expect(await screen.findByTestId('leave-error')).toHaveTextContent(
      'The last admin of a company cannot leave it',
    );
  });

  it('lets the admin set a limit in dollars, an empty one meaning none', async () => {
    const bob = makeMember({ userId: 'u-bob', name: 'Bob', email: 'bob@acme.example', role: 'buyer' });
    const calls = stubApi({
      'GET /company': jsonResponse(myCompany()),
      'GET /company/members': jsonResponse([makeMember(), bob]),
      'PATCH /company/members/u-bob': jsonResponse({ ...bob, orderLimit: 5000 }),
    });
    renderPage('members');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Bob' }));
    await userEvent.type(screen.getByLabelText('Limit per order ($)'), '5,000');
    await userEvent.click(screen.getByRole('button', { name: 'Save member' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'PATCH /company/members/u-bob')?.body).toEqual({
        role: 'buyer',
        seesAllOrders: true,
        orderLimit: 5000,
        monthlyLimit: null,
      }),
    );
    // No Remove for oneself: leaving is the way out.
    expect(screen.queryByRole('button', { name: 'Remove Ada' })).not.toBeInTheDocument();
  });

  it('invites a colleague by e-mail and role', async () => {
    const calls = stubApi({
      'GET /company': jsonResponse(myCompany()),
      'GET /company/invitations': jsonResponse([]),
      'POST /company/invitations': jsonResponse({}, 201),
    });
    renderPage('invitations');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'cy@acme.example');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'approver');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /company/invitations')?.body).toEqual({
        email: 'cy@acme.example',
        role: 'approver',
      }),
    );
  });
});

describe('Approvals', () => {
  it('lets an approver approve, then links the checkout it placed', async () => {
    const request = makeRequest();
    const calls = stubApi({
      'GET /company': jsonResponse(myCompany({ role: 'approver' })),
      'GET /company/requests': jsonResponse([request]),
      'POST /company/requests/r1/approve': jsonResponse({
        request: { ...request, status: 'approved', checkoutId: 'c9' },
        checkout: { _id: 'c9', number: 'CO-100009' },
      }),
    });
    renderPage('approvals');
    const card = await screen.findByRole('article', { name: 'Request RQ-100001' });
    expect(within(card).getByTestId('request-reason')).toHaveTextContent("Over Bob's per-order limit");
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    const link = await screen.findByRole('link', { name: 'CO-100009' });
    expect(link).toHaveAttribute('href', '/checkout/c9');
    expect(calls.find((call) => call.key === 'POST /company/requests/r1/approve')?.body).toEqual({});
    expect(calls.find((call) => call.key === 'GET /company/requests')?.url).toContain('status=pending');
  });

  it('asks for a comment before rejecting', async () => {
    const calls = stubApi({
      'GET /company': jsonResponse(myCompany({ role: 'approver' })),
      'GET /company/requests': jsonResponse([makeRequest()]),
    });
    renderPage('approvals');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Please say why the request is rejected')).toBeInTheDocument();
    expect(calls.some((call) => call.key.endsWith('/reject'))).toBe(false);
  });

  it('lets a buyer withdraw their own pending request, and decide nothing', async () => {
    const calls = stubApi({
      'GET /company': jsonResponse(myCompany({ userId: 'u-bob', name: 'Bob', role: 'buyer' })),
      'GET /company/requests': jsonResponse([makeRequest()]),
      'POST /company/requests/r1/withdraw': jsonResponse(makeRequest({ status: 'withdrawn' })),
    });
    renderPage('approvals');
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(calls.some((call) => call.key === 'POST /company/requests/r1/withdraw')).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});

describe('Saved lists', () => {
  it('puts a whole list in the cart and says what was skipped', async () => {
    stubApi({
      'GET /company': jsonResponse(myCompany({ role: 'buyer' })),
      'GET /company/lists': jsonResponse([
        {
          id: 'l1',
          name: 'Monthly bearings',
          createdBy: 'Ada',
          updatedAt: '2026-11-20T10:00:00.000Z',
          lines: [
            { productId: 'p1', sku: 'FL-BRG-6204', name: 'Ball bearing', quantity: 100 },
            { productId: 'p2', sku: 'FL-OLD-1', name: 'Old part', quantity: 5 },
          ],
        },
      ]),
      'POST /company/lists/l1/cart': jsonResponse({
        lines: [],
        total: 1200,
        count: 1,
        skipped: [{ index: 1, input: 'FL-OLD-1', message: 'This part is no longer sold' }],
      }),
    });
    renderPage('lists');
    await userEvent.click(await screen.findByRole('button', { name: 'Add all to cart' }));
    expect(await screen.findByTestId('list-skipped')).toHaveTextContent(
      'FL-OLD-1: This part is no longer sold',
    );
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/cart');
  });
});
