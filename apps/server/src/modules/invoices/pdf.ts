import {
  bankTransferSection,
  type BankAccount,
  type BankTransfer,
} from '@forgeline/shared/schemas/bank-transfer';
import type { InvoiceRow } from '../../db/schema/index.ts';
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

/** A document as an e-mail attachment. */
export async function invoiceAttachment(
  invoice: InvoiceRow,
  config: SellerConfig,
  customerNumbers?: ReadonlyMap<string, string>,
) {
  return {
    filename: `${invoice.number}.pdf`,
    contentType: 'application/pdf',
    content: await renderInvoicePdf(invoice, sellerOf(config), customerNumbers),
  };
}

const TITLE: Record<InvoiceRow['kind'], string> = { invoice: 'Invoice', credit_note: 'Credit note' };

/**
 * Renders an invoice or credit note. Everything printed comes from the stored document (copied when it
 * was issued) and the seller's settings, never from a request.
 */
export function renderInvoicePdf(
  invoice: InvoiceRow,
  seller: InvoiceSeller,
  /** The buyer's own part number of each line, by order id, as frozen on the order (decision 0218). */
  customerNumbers: ReadonlyMap<string, string> = new Map(),
): Promise<Buffer> {
  const sign = invoice.kind === 'credit_note' ? -1 : 1;
  const onTerms = invoice.kind === 'invoice' && invoice.dueAt !== null;
  return renderDocumentPdf({
    title: `${TITLE[invoice.kind]} ${invoice.number}`,
    facts: [
      `Date: ${isoDay(invoice.issuedAt)}`,
      ...(invoice.poReference ? [`Your PO reference: ${invoice.poReference}`] : []),
      ...(invoice.kind === 'invoice' && invoice.dueAt
        ? [`Payment terms: net ${invoice.termsDays} days`, `Due date: ${isoDay(invoice.dueAt)}`]
        : []),
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
        ...(line.sku ? [`Part no. ${line.sku}`] : []),
        ...(customerNumbers.has(line.orderId) ? [`Your no. ${customerNumbers.get(line.orderId)}`] : []),
      ],
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: sign * line.totalCents,
    })),
    totalLabel: invoice.kind === 'credit_note' ? 'Total credited' : 'Total',
    totalCents: sign * invoice.totalCents,
    notes: [
      invoice.kind === 'invoice'
        ? invoice.dueAt
          ? `Please pay ${invoice.number} by bank transfer by ${isoDay(invoice.dueAt)}, quoting the invoice number${invoice.poReference ? ' and your PO reference' : ''}. Order reference: ${invoice.paymentReference}.`
          : `Paid by ${invoice.paymentMethod}. Payment reference: ${invoice.paymentReference}.`
        : `${invoice.paymentMethod}. Original payment reference: ${invoice.paymentReference}.`,
      ...(onTerms
        ? [
            ...bankTransferSection({
              account: seller.bankAccount,
              contactEmail: seller.email,
              reference: invoice.number,
            }),
          ]
        : []),
      'Prices are per piece in US dollars; volume prices are shown as charged.',
    ],
  });
}
