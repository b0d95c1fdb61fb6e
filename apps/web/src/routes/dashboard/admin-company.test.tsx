import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyDetail } from '@forgeline/shared/schemas/company';
import type { Product } from '@forgeline/shared/schemas/product';
import { makeCompanyDetail } from '../../../test/companies';
import { makeOrder } from '../../../test/orders';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import CompanyRoute from './admin-company';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('@/lib/dialogs', () => ({ confirmDialog: vi.fn(async () => true) }));
beforeAll(() => {
  // jsdom has no modal dialogs: opening one only sets `open`.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});
afterEach(() => vi.unstubAllGlobals());

const bearing = {
  _id: 'p1',
  sku: 'FL-BRG-6204',
  name: 'Ball bearing 6204',
  price: 2.5,
  minOrder: 100,
  packSize: 10,
} as Product;

type Call = { method: string; path: string; body: unknown };

/** The company's endpoints; `answer` decides the writes (default: 200 with `{}`). */
const stubServer = (
  detail: CompanyDetail = makeCompanyDetail(),
  answer: (call: Call) => Response | undefined = () => undefined,
) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      if (call.method === 'GET' && call.path === '/api/products') return jsonResponse([bearing]);
      // Its prices panel: no group, no lists (price-list-panels.test.tsx tests it).
      if (call.method === 'GET' && call.path.endsWith('/pricing'))
        return jsonResponse({ group: null, lists: [] });
      if (call.method === 'GET' && call.path === '/api/customer-groups') return jsonResponse([]);
      // Its punchout: not set up, no documents (punchout-settings-panel.test.tsx tests it).
      if (call.method === 'GET' && call.path.endsWith('/punchout/documents')) return jsonResponse([]);
      if (call.method === 'GET' && call.path.endsWith('/punchout'))
        return jsonResponse({ message: 'Punchout settings not found.', code: 'NOT_FOUND' }, 404);
      // Its tax certificates: none (the tax panels have tests of their own).
      if (call.method === 'GET' && call.path.startsWith('/api/tax/')) return jsonResponse([]);
      if (call.method === 'GET') return jsonResponse(detail);
      calls.push(call);
      return answer(call) ?? jsonResponse({});
    }),
  );
  return calls;
};

const renderPage = () =>
  renderWithProviders(<CompanyRoute />, {
    route: '/dashboard/companies/:id',
    path: '/dashboard/companies/c1',
  });

describe('Company page (admin)', () => {
  it('shows the details, terms, members, and the records with orders linked to the order page', async () => {
    stubServer(
      makeCompanyDetail({
        orders: [makeOrder({ _id: 'o7', number: 'SO-100007', name: 'Bob Buyer' })],
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Acme Works', level: 2 })).toBeInTheDocument();
    expect(screen.getByTestId('company-details')).toHaveTextContent('DE123456789');
    expect(screen.getByTestId('company-terms-state')).toHaveTextContent(
      'Pays by invoice, net 30 days. Unpaid: $ 1200 of $ 5000 (available $ 3800).',
    );
    const rows = screen.getAllByTestId('member-row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Bob Buyerbob@acme.exampleBuyer$ 500$ 2000 ($ 150)');
    expect(screen.getByRole('link', { name: 'SO-100007' })).toHaveAttribute('href', '/dashboard/order/o7');
    expect(screen.getByText('No order has needed approval.')).toBeInTheDocument();
    expect(screen.getByText('Leeds plant')).toBeInTheDocument();
  });

  it('edits the details; an emptied tax ID is sent as empty text, which clears it', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const form = screen.getByRole('form', { name: 'Company details' });
    await user.clear(within(form).getByLabelText('Tax ID (optional)'));
    await user.click(within(form).getByLabelText(/Buyers may type any delivery address/));
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PATCH',
      path: '/api/companies/c1',
      body: {
        name: 'Acme Works',
        taxId: '',
        billingAddress: '1 Mill Road, Leeds',
        country: 'DE',
        region: null,
        allowFreeTextAddress: false,
      },
    });
  });

  it('changes the payment terms with PATCH /companies/:id/terms', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Change terms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment terms of Acme Works' });
    await user.selectOptions(within(dialog).getByRole('combobox'), 'Net 60 days');
    await user.clear(within(dialog).getByLabelText('Credit limit ($)'));
    await user.type(within(dialog).getByLabelText('Credit limit ($)'), '8000');
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PATCH',
      path: '/api/companies/c1/terms',
      body: { terms: { termsDays: 60, creditLimit: 8000 } },
    });
  });

  it("edits a member's limits (an emptied box is no limit) and removes a member", async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit bob@acme.example' }));
    const form = screen.getByRole('form', { name: 'Edit bob@acme.example' });
    await user.click(within(form).getByLabelText(/Sees every order/));
    await user.clear(within(form).getByLabelText('Per-order limit ($)'));
    await user.clear(within(form).getByLabelText('Monthly limit ($)'));
    await user.type(within(form).getByLabelText('Monthly limit ($)'), '3000');
    await user.click(within(form).getByRole('button', { name: 'Save member' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PATCH',
      path: '/api/companies/c1/members/u2',
      body: { role: 'buyer', seesAllOrders: true, orderLimit: null, monthlyLimit: 3000 },
    });

    await user.click(screen.getByRole('button', { name: 'Remove fay@acme.example' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ method: 'DELETE', path: '/api/companies/c1/members/u3' });
  });

  it("attaches a customer by e-mail and role, and shows the server's refusal", async () => {
    const calls = stubServer(undefined, () =>
      jsonResponse({ code: 'CONFLICT', message: 'zoe@acme.example is a member of Borg Ltd already' }, 409),
    );
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Attach a customer' });
    await user.type(within(form).getByLabelText("Customer's e-mail"), 'zoe@acme.example');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Approver');
    await user.click(within(form).getByRole('button', { name: 'Attach' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'zoe@acme.example is a member of Borg Ltd already',
    );
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/companies/c1/members',
      body: { email: 'zoe@acme.example', role: 'approver' },
    });
  });
});

describe("'Order for this customer'", () => {
  const fillOrder = async (user: ReturnType<typeof userEvent.setup>) => {
    const form = await screen.findByRole('form', { name: 'Order for this customer' });
    const buyer = within(form).getByLabelText('Buyer');
    // A finance member may not order: not offered.
    expect(within(buyer).queryByText(/Fay Finance/)).toBeNull();
    await user.selectOptions(buyer, 'u2');
    await user.type(within(form).getByRole('combobox', { name: 'Part 1' }), 'fl-brg');
    await user.click(await within(form).findByRole('option', { name: /FL-BRG-6204/ }));
    await user.type(within(form).getByLabelText('Quantity (pcs)'), '200');
    return form;
  };
  /** The page, with the order form filled for Bob: 200 of the bearing. */
  const startOrder = async () => {
    const user = userEvent.setup();
    renderPage();
    return { user, form: await fillOrder(user) };
  };
  /** Types the delivery address and phone, then places the order. */
  const placeAtTypedAddress = async (user: ReturnType<typeof userEvent.setup>, form: HTMLElement) => {
    await user.type(within(form).getByLabelText('Address'), '9 Dock Street, Hull');
    await user.type(within(form).getByLabelText('Phone'), '+44 1482 000000');
    await user.click(within(form).getByRole('button', { name: 'Place the order' }));
  };

  it("places the order for the buyer at a typed address: 'Placed for <buyer>: CO-…'", async () => {
    const calls = stubServer(undefined, () =>
      jsonResponse(
        { _id: 'k1', number: 'CO-100042', orders: [makeOrder({ _id: 'o42', number: 'SO-100042' })] },
        201,
      ),
    );
    const { user, form } = await startOrder();
    await placeAtTypedAddress(user, form);
    expect(await within(form).findByTestId('order-result')).toHaveTextContent(
      'Placed for Bob Buyer: CO-100042',
    );
    expect(within(form).getByRole('link', { name: 'SO-100042' })).toHaveAttribute(
      'href',
      '/dashboard/order/o42',
    );
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/companies/c1/orders',
      body: {
        buyerId: 'u2',
        lines: [{ productId: 'p1', quantity: 200 }],
        address: '9 Dock Street, Hull',
        phone: '+44 1482 000000',
        paymentMethod: 'card',
      },
    });
  });

  it("sends an order over the buyer's limit for approval, to a site of the book, on invoice", async () => {
    const calls = stubServer(undefined, () =>
      jsonResponse(
        { request: { number: 'RQ-100003', reason: "Over Bob's per-order limit of $500.00" } },
        202,
      ),
    );
    const { user, form } = await startOrder();
    await user.selectOptions(within(form).getByLabelText('Deliver to'), 'Leeds plant: 2 Works Lane, Leeds');
    expect(within(form).getByLabelText('Address')).toHaveValue('2 Works Lane, Leeds');
    await user.click(within(form).getByLabelText('Pay by invoice (net 30 days)'));
    await user.click(within(form).getByRole('button', { name: 'Place the order' }));
    expect(await within(form).findByText('A PO number is required to pay by invoice.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('PO number (required)'), 'PO-77');
    await user.click(within(form).getByRole('button', { name: 'Place the order' }));
    expect(await within(form).findByTestId('order-result')).toHaveTextContent(
      "Over Bob Buyer's limit: sent for approval as RQ-100003.",
    );
    expect(calls[0]!.body).toEqual({
      buyerId: 'u2',
      addressId: '00000000-0000-4000-8000-0000000000a1',
      lines: [{ productId: 'p1', quantity: 200 }],
      address: '2 Works Lane, Leeds',
      phone: '+44 113 496 0000',
      poReference: 'PO-77',
      paymentMethod: 'invoice',
    });
  });

  it("shows the server's message, each field's detail and each line's", async () => {
    stubServer(undefined, () =>
      jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'The order could not be placed as it is',
          details: {
            address: 'Acme Works delivers only to its sites',
            'lines.p1': "You can't order less than 300 pcs !",
            expectedTotal: 'The total changed',
          },
        },
        400,
      ),
    );
    const { user, form } = await startOrder();
    await placeAtTypedAddress(user, form);
    const failure = await within(form).findByTestId('order-error');
    expect(failure).toHaveTextContent('The order could not be placed as it is');
    expect(failure).toHaveTextContent('The total changed');
    expect(within(form).getByText('Acme Works delivers only to its sites')).toBeInTheDocument();
    expect(within(form).getByText("You can't order less than 300 pcs !")).toBeInTheDocument();
  });
});
