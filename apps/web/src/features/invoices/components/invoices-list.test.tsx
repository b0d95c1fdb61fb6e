import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { InvoiceSummary } from '@forgeline/shared/schemas/invoice';
import { renderWithProviders } from '../../../../test/render';
import { InvoicesList } from './invoices-list';

const invoice = (over: Partial<InvoiceSummary>): InvoiceSummary => ({
  _id: 'inv1',
  number: 'INV-2026-000001',
  kind: 'invoice',
  issuedAt: '2026-11-20T10:00:00.000Z',
  total: 150,
  poReference: 'PO-1',
  paymentReference: 'CO-100001',
  orderIds: ['o1'],
  pdfUrl: '/api/invoices/inv1/pdf',
  dueAt: '2026-12-20T10:00:00.000Z',
  status: 'open',
  balance: 150,
  ...over,
});

describe('My Invoices list', () => {
  it("shows each invoice's due date, status and balance as the server computed them", () => {
    const cases: { doc: InvoiceSummary; status: string; due: string; balance: string }[] = [
      { doc: invoice({}), status: 'Open', due: '20 Dec 2026', balance: '$ 150' },
      {
        doc: invoice({ _id: 'i2', number: 'INV-2026-000002', status: 'overdue', balance: 1234.5 }),
        status: 'Overdue',
        due: '20 Dec 2026',
        balance: '$ 1234.50',
      },
      {
        doc: invoice({ _id: 'i3', number: 'INV-2026-000003', status: 'paid', balance: 0 }),
        status: 'Paid',
        due: '20 Dec 2026',
        balance: '$ 0',
      },
      {
        doc: invoice({ _id: 'i4', number: 'INV-2026-000004', status: 'paid', balance: 0, dueAt: null }),
        status: 'Paid',
        due: 'Paid by card at order',
        balance: '$ 0',
      },
      {
        doc: invoice({ _id: 'i5', number: 'INV-2026-000005', status: 'credited', balance: 0 }),
        status: 'Credited',
        due: '20 Dec 2026',
        balance: '$ 0',
      },
    ];
    renderWithProviders(<InvoicesList invoices={cases.map((c) => c.doc)} />);
    const cards = screen.getAllByTestId('invoice-card');
    expect(cards).toHaveLength(cases.length);
    cases.forEach((expected, i) => {
      const card = within(cards[i]!);
      expect(card.getByText(`Invoice ${expected.doc.number}`)).toBeInTheDocument();
      expect(card.getByTestId('invoice-status')).toHaveTextContent(expected.status);
      expect(card.getByTestId('invoice-due')).toHaveTextContent(expected.due);
      expect(card.getByTestId('invoice-balance')).toHaveTextContent(expected.balance);
    });
  });

  it('shows a credit note without a status or balance of its own', () => {
    renderWithProviders(
      <InvoicesList
        invoices={[invoice({ kind: 'credit_note', number: 'CN-2026-000001', status: null, balance: null })]}
      />,
    );
    const card = screen.getByTestId('invoice-card');
    expect(within(card).getByText('Credit note CN-2026-000001')).toBeInTheDocument();
    expect(within(card).queryByTestId('invoice-standing')).toBeNull();
    expect(within(card).getByText(/−\$ 150/)).toBeInTheDocument();
  });
});
