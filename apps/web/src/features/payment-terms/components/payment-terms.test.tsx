import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceSummary } from '@forgeline/shared/schemas/invoice';
import type { Order } from '@forgeline/shared/schemas/order';
import { makeOrder } from '../../../../test/orders';
import type { TermsInvoice } from '@forgeline/shared/schemas/payment-terms';
import type { UserSummary } from '@forgeline/shared/schemas/user';
import { expectEachText, jsonResponse, renderWithProviders, sentRequest } from '../../../../test/render';
import { MyOrdersTable } from '@/features/orders/components/my-orders-table';
import { ManageOrdersTable } from '@/features/orders/components/manage-orders-table';
import { OrderDocuments } from '@/features/invoices/components/order-documents';
import { PaymentMethodChoice } from '@/components/ui/payment-method-choice';
import { TermsInvoicesTable } from './terms-invoices-table';
import TermsDialog from './terms-dialog';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const order = (over: Partial<Order>): Order =>
  makeOrder({ number: 'FL-100001', poReference: 'PO-1', ...over });

const invoice: InvoiceSummary = {
  _id: 'inv1',
  number: 'INV-2026-000007',
  kind: 'invoice',
  issuedAt: '2026-11-20T10:00:00.000Z',
  total: 50,
  poReference: 'PO-1',
  paymentReference: 'CO-100001',
  orderIds: ['00000000-0000-4000-8000-000000000002'],
  pdfUrl: '/api/invoices/inv1/pdf',
  dueAt: '2027-01-12T10:00:00.000Z',
  status: 'open',
  balance: 50,
};

describe('orders on payment terms', () => {
  const onTerms = order({ _id: '00000000-0000-4000-8000-000000000002', dueAt: '2027-01-12T10:00:00.000Z' });
  const byCard = order({ productName: 'Hex bolt' });

  it('reads "Awaiting payment (due …)" in My Orders, never Paid, with its invoice and no Pay link', () => {
    renderWithProviders(
      <MyOrdersTable
        orders={[onTerms, byCard]}
        onCancel={vi.fn()}
        documentsOf={(o) => <OrderDocuments documents={o._id === onTerms._id ? [invoice] : []} />}
      />,
    );
    const [termsRow, cardRow] = screen.getAllByTestId('order-row');
    expect(within(termsRow!).getByTestId('order-payment-state')).toHaveTextContent(
      'Awaiting payment (due 12 Jan 2027)',
    );
    expect(within(termsRow!).queryByText('Paid')).toBeNull();
    expect(within(termsRow!).queryByRole('link', { name: /Pay for/ })).toBeNull();
    expect(within(termsRow!).getByRole('link', { name: /Invoice INV-2026-000007/ })).toHaveAttribute(
      'href',
      '/api/invoices/inv1/pdf',
    );
    // A card order unpaid is still the spec's Pending with its Pay link.
    expect(within(cardRow!).getByTestId('order-payment-state')).toHaveTextContent('Pending');
    expect(within(cardRow!).getByRole('link', { name: 'Pay for the order of Hex bolt' })).toBeInTheDocument();
  });

  it('lists a paid order with its invoice and a credit note as downloads', () => {
    const paid = order({ paid: true, transactionId: 'pi_123' });
    const note: InvoiceSummary = {
      ...invoice,
      _id: 'cn1',
      kind: 'credit_note',
      number: 'CN-2026-000001',
      pdfUrl: '/api/invoices/cn1/pdf',
      status: null,
      balance: null,
    };
    renderWithProviders(
      <MyOrdersTable
        orders={[paid]}
        onCancel={vi.fn()}
        documentsOf={() => <OrderDocuments documents={[invoice, note]} />}
      />,
    );
    expect(screen.getByRole('link', { name: /Credit note CN-2026-000001/ })).toHaveAttribute('download');
    expect(screen.getByTestId('order-payment-state')).toHaveTextContent('Paid');
  });

  it('reads the same in Manage All Orders, and lets an order on terms ship unpaid', () => {
    renderWithProviders(<ManageOrdersTable orders={[onTerms, byCard]} onCancel={vi.fn()} onShip={vi.fn()} />);
    const [termsRow, cardRow] = screen.getAllByTestId('order-row');
    expect(within(termsRow!).getByTestId('order-payment-state')).toHaveTextContent(
      'Awaiting payment (due 12 Jan 2027)',
    );
    expect(within(termsRow!).getByRole('button', { name: /^Ship/ })).toBeEnabled();
    expect(within(cardRow!).getByTestId('order-payment-state')).toHaveTextContent('Unpaid');
    expect(within(cardRow!).getByRole('button', { name: /^Ship/ })).toBeDisabled();
  });
});

describe("the checkout's 'Pay by invoice' choice", () => {
  const terms = {
    approved: true,
    termsDays: 30,
    creditLimit: 1000,
    used: 0,
    available: 1000,
    bankTransfer: {
      account: {
        accountHolder: 'Forgeline Manufacturing',
        bankName: 'Northern Bank',
        accountLabel: 'IBAN' as const,
        account: 'GB33 BUKB 2020 1555 5555 55',
        routingLabel: 'BIC' as const,
        routing: 'BUKBGB22',
      },
      contactEmail: 'accounts@forgeline.local',
      reference: null,
    },
  };

  it('shows where to pay once invoice is chosen, and nothing of it for card', () => {
    const { rerender } = renderWithProviders(
      <PaymentMethodChoice terms={terms} value="card" onChange={vi.fn()} />,
    );
    expect(screen.queryByTestId('bank-transfer')).toBeNull();
    rerender(<PaymentMethodChoice terms={terms} value="invoice" onChange={vi.fn()} />);
    expectEachText(screen.getByTestId('bank-transfer'), [
      'Pay by bank transfer to:',
      'Account holder: Forgeline Manufacturing',
      'Bank: Northern Bank',
      'IBAN: GB33 BUKB 2020 1555 5555 55',
      'BIC: BUKBGB22',
      'Quote the invoice number with the transfer',
    ]);
  });

  it('names whom to ask when the shop configured no account', () => {
    renderWithProviders(
      <PaymentMethodChoice
        terms={{ ...terms, bankTransfer: { ...terms.bankTransfer, account: null } }}
        value="invoice"
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByTestId('bank-transfer')).toHaveTextContent(
      'Our bank details are not on file here: please ask accounts@forgeline.local for them.',
    );
    expect(screen.queryByText(/IBAN/)).toBeNull();
  });
});

describe('admin: terms and invoices on terms', () => {
  it('marks an invoice paid with the reference typed, and refuses an empty one', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ acknowledged: true, modifiedCount: 2 }));
    vi.stubGlobal('fetch', fetchMock);
    const open: TermsInvoice = {
      checkoutId: 'c9',
      checkoutNumber: 'CO-100009',
      invoiceId: 'inv9',
      invoiceNumber: 'INV-2026-000009',
      customerName: 'Ada',
      customerEmail: 'ada@acme.example',
      poReference: 'PO-9',
      due: 250,
      dueAt: '2026-11-01T10:00:00.000Z',
      overdue: true,
      remindedAt: null,
    };
    const user = userEvent.setup();
    renderWithProviders(<TermsInvoicesTable invoices={[open]} />);
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark INV-2026-000009 paid' }));
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    // The server's schema checks it, loaded with the first validation: the message comes a moment later.
    expect(await screen.findByRole('alert')).toHaveTextContent('A payment reference is required');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Payment reference'), 'BACS 0042');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/checkouts/c9/mark-paid',
      method: 'POST',
      body: { reference: 'BACS 0042' },
    });
  });

  it('approves a customer for net 30 with a credit limit', async () => {
    // jsdom has no modal dialogs: opening one only sets `open`.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PATCH'
        ? jsonResponse({
            approved: true,
            termsDays: 30,
            creditLimit: 5000,
            used: 0,
            available: 5000,
            modifiedCount: 1,
          })
        : jsonResponse({ approved: false, termsDays: null, creditLimit: 0, used: 0, available: 0 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const customer: UserSummary = {
      _id: 'u1',
      email: 'ada@acme.example',
      name: 'Ada',
      role: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<TermsDialog user={customer} onClose={onClose} />);
    expect(await screen.findByText('Pays by card only.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Credit limit ($)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Approve pay by invoice' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(patch[0]).toBe('/api/users/u1/terms');
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ terms: { termsDays: 30, creditLimit: 5000 } });
  });
});
