import { formatDay } from '@forgeline/shared/dates';
import {
  bankTransferSection,
  type BankAccount,
  type BankTransfer,
} from '@forgeline/shared/schemas/bank-transfer';
import type { InvoiceRow } from '../../db/schema/index.ts';
import { formatRate, taxSummary } from '@forgeline/shared/tax';
import { formatMoney } from '@forgeline/shared/money';
import { isoDay, renderDocumentPdf, type Seller } from '../../lib/pdf.ts';

export type { Seller } from '../../lib/pdf.ts';

type SellerConfig = {
  SELLER_NAME: string;
  SELLER_ADDRESS: string;
  SELLER_EMAIL: string;
  SELLER_TAX_ID?: string | undefined;
  bankAccount: BankAccount | null;
};

/** An invoice's seller: the legal details and the account its invoices on terms are paid into. */
export type InvoiceSeller = Seller & { bankAccount: BankAccount | null };

/** The seller's details from the settings (SELLER_*). */
export const sellerOf = (config: SellerConfig): InvoiceSeller => ({
  name: config.SELLER_NAME,
  address: config.SELLER_ADDRESS,
  email: config.SELLER_EMAIL,
  taxId: config.SELLER_TAX_ID,
  bankAccount: config.bankAccount,
});

/**
 * How to pay an invoice on terms by transfer (docs/decisions/0205): the configured account (or whom to
 * ask for it) and the invoice number to quote.
 */
export const bankTransferOf = (
  config: Pick<SellerConfig, 'bankAccount' | 'SELLER_EMAIL'>,
  reference: string | null,
): BankTransfer => ({ account: config.bankAccount, contactEmail: config.SELLER_EMAIL, reference });

/** What a document prints besides its own row: the buyer's part numbers, the invoice a credit note corrects. */
export interface DocumentExtras {
  /** The buyer's own part number of each line, by order id, as frozen on the order (decision 0218). */
  customerNumbers?: ReadonlyMap<string, string>;
  /** A credit note's invoice number. */
  correctsNumber?: string | null;
}

/** A document as an e-mail attachment. */
export async function invoiceAttachment(invoice: InvoiceRow, config: SellerConfig, extras?: DocumentExtras) {
  return {
    filename: `${invoice.number}.pdf`,
    contentType: 'application/pdf',
    content: await renderInvoicePdf(invoice, sellerOf(config), extras),
  };
}

const TITLE: Record<InvoiceRow['kind'], string> = { invoice: 'Invoice', credit_note: 'Credit note' };

const longDay = formatDay;

/** The lines of the tax summary: net per rate and the tax of each rate (docs/decisions/0219). */
function taxSubtotals(invoice: InvoiceRow, sign: number) {
  if (invoice.taxTreatment === 'none') return [];
  const summary = taxSummary(
    invoice.lines.map((line) => ({
      rateBasisPoints: line.taxRateBasisPoints ?? 0,
      netCents: line.totalCents,
      taxCents: line.taxCents ?? 0,
    })),
  );
  return [
    { label: 'Net total', cents: sign * invoice.netCents },
    ...summary.map((row) => ({
      label: `Tax ${formatRate(row.rateBasisPoints)} on ${formatMoney(sign * row.netCents)}`,
      cents: sign * row.taxCents,
    })),
  ];
}

/**
 * Renders an invoice or credit note. Everything printed comes from the stored document (copied when it
 * was issued) and the seller's settings, never from a request: seller's and buyer's legal names,
 * addresses and tax IDs, invoice and supply dates, each line's net, rate and part numbers, the tax per
 * rate, the gross, the currency, the wording a tax treatment requires, and how it was or is to be paid.
 */
export function renderInvoicePdf(
  invoice: InvoiceRow,
  seller: InvoiceSeller,
  extras: DocumentExtras = {},
): Promise<Buffer> {
  const customerNumbers = extras.customerNumbers ?? new Map<string, string>();
  const sign = invoice.kind === 'credit_note' ? -1 : 1;
  const onTerms = invoice.kind === 'invoice' && invoice.dueAt !== null;
  const taxed = invoice.taxTreatment !== 'none';
  return renderDocumentPdf({
    title: `${TITLE[invoice.kind]} ${invoice.number}`,
    facts: [
      `${TITLE[invoice.kind]} date: ${isoDay(invoice.issuedAt)}`,
      ...(invoice.suppliedOn ? [`Supply date: ${invoice.suppliedOn}`] : []),
      ...(invoice.kind === 'credit_note' && extras.correctsNumber
        ? [`Corrects invoice ${extras.correctsNumber}`]
        : []),
      ...(invoice.poReference ? [`Your PO reference: ${invoice.poReference}`] : []),
      ...(invoice.kind === 'invoice'
        ? invoice.dueAt
          ? [`Payment terms: net ${invoice.termsDays} days`, `Due date: ${isoDay(invoice.dueAt)}`]
          : [`Paid on ${longDay(invoice.issuedAt)}, reference ${invoice.paymentReference}`]
        : []),
      'Currency: US dollars (USD)',
    ],
    seller,
    buyer: [
      invoice.companyName
        ? {
            // A company's document bills the company and names the buyer who ordered (decision 0213).
            heading: 'Bill to',
            lines: [
              invoice.companyName,
              ...(invoice.billingAddress ? [invoice.billingAddress] : []),
              ...(invoice.buyerCountry ? [`Country ${invoice.buyerCountry}`] : []),
              ...(invoice.companyTaxId ? [`Tax ID ${invoice.companyTaxId}`] : []),
              `Ordered by ${invoice.buyerName} (${invoice.buyerEmail})`,
            ],
          }
        : { heading: 'Bill to', lines: [invoice.buyerName, invoice.buyerEmail] },
      { heading: 'Deliver to', lines: [invoice.deliveryAddress, `Phone ${invoice.phone}`] },
    ],
    lines: invoice.lines.map((line) => ({
      reference: line.reference,
      description: line.description,
      // Our number and the buyer's, each on a line of its own that never breaks inside a number.
      numbers: [
        ...(line.sku ? [line.sku] : []),
        ...(line.kind !== 'delivery' && customerNumbers.has(line.orderId)
          ? [`Yours: ${customerNumbers.get(line.orderId)}`]
          : []),
      ],
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: sign * line.totalCents,
      taxRate: taxed ? formatRate(line.taxRateBasisPoints ?? 0) : undefined,
    })),
    subtotals: taxSubtotals(invoice, sign),
    totalLabel: invoice.kind === 'credit_note' ? 'Total credited' : taxed ? 'Total (gross)' : 'Total',
    totalCents: sign * invoice.totalCents,
    notes: [
      ...(invoice.taxNote ? [invoice.taxNote] : []),
      invoice.kind === 'invoice'
        ? invoice.dueAt
          ? `Please pay ${invoice.number} by bank transfer by ${isoDay(invoice.dueAt)}, quoting the invoice number${invoice.poReference ? ' and your PO reference' : ''}. Order reference: ${invoice.paymentReference}.`
          : `Paid by ${invoice.paymentMethod}. Payment reference: ${invoice.paymentReference}.`
        : `${invoice.paymentMethod}. Original payment reference: ${invoice.paymentReference}.${taxed ? ' The tax of the credited lines is reversed.' : ''}`,
      ...(onTerms
        ? [
            ...bankTransferSection({
              account: seller.bankAccount,
              contactEmail: seller.email,
              reference: invoice.number,
            }),
          ]
        : []),
      taxed
        ? 'Prices are per piece in US dollars, net of tax; volume prices are shown as charged.'
        : 'Prices are per piece in US dollars; volume prices are shown as charged.',
    ],
  });
}
