import type { BankTransfer } from '@forgeline/shared/schemas/bank-transfer';
import type { Executor } from '../../db/client.ts';
import type { CheckoutRow, InvoiceLine, InvoiceRow, NewInvoiceRow, OrderRow } from '../../db/schema/index.ts';
import type { Env } from '../../config/env.ts';
import { mayRead, readableCompanyOf } from '../membership/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/app/auth.ts';
import { toInvoiceSummary, type InvoiceStanding } from './mappers.ts';
import { bankTransferOf, type DocumentExtras } from './pdf.ts';
import { emitEvent } from '../webhooks/index.ts';
import { createInvoicesRepository } from './repository.ts';

/**
 * Invoices and credit notes (docs/decisions/0110). Both are issued inside the transaction that records
 * the payment or the refund, so a document exists exactly when the money moved, and its number is
 * taken from a counter row locked by that transaction (sequential, no gaps, no duplicates).
 */

export type DocumentKind = InvoiceRow['kind'];

const PREFIX: Record<DocumentKind, string> = { invoice: 'INV', credit_note: 'CN' };

/** Numbers restart each calendar year (UTC), as most bookkeeping expects: INV-2026-000001. */
export function seriesOf(kind: DocumentKind, at: Date): string {
  return `${PREFIX[kind]}-${at.getUTCFullYear()}`;
}

export function formatNumber(series: string, value: number): string {
  return `${series}-${String(value).padStart(6, '0')}`;
}

export interface PaymentRecord {
  /**
   * The provider's transaction id, or the reference an admin recorded for a bank transfer; for an
   * invoice on payment terms (issued before any money moved), its checkout's number.
   */
  reference: string;
  method: 'card' | 'bank transfer' | 'invoice';
  cardBrand?: string | null;
  cardLast4?: string | null;
  /** An invoice on payment terms (decision 0112): net days and the due date it prints. */
  terms?: { termsDays: number; dueAt: Date } | undefined;
}

export interface InvoiceContext {
  poReference?: string | null;
  checkoutId?: string | null;
  /** What the buyer calls each order (its order number, once orders have one). */
  referenceOf?: (order: OrderRow) => string;
  skuOf?: (order: OrderRow) => string | null;
}

const lineOf = (order: OrderRow, context: InvoiceContext): InvoiceLine => ({
  orderId: order.id,
  reference: context.referenceOf?.(order) ?? order.id,
  sku: context.skuOf?.(order) ?? null,
  description: order.productName,
  quantity: order.quantity,
  unitPriceCents: order.priceCents,
  totalCents: order.totalCents,
  taxRateBasisPoints: order.taxRateBasisPoints,
  taxCents: order.taxCents,
});

/**
 * The delivery charge the orders carry (their shares, decision 0235) as one line of its own, or none.
 * `share`: a credit note's line, the share of one refunded order.
 */
function deliveryLineOf(
  orders: readonly OrderRow[],
  delivery: { name: string | null; rateBasisPoints: number } | undefined,
  share = false,
): InvoiceLine[] {
  const [first] = orders;
  const cents = orders.reduce((sum, order) => sum + order.deliveryCents, 0);
  const taxCents = orders.reduce((sum, order) => sum + order.deliveryTaxCents, 0);
  if (!first || cents + taxCents === 0) return [];
  const what = `Delivery${delivery?.name ? `: ${delivery.name}` : ''}`;
  return [
    {
      orderId: first.id,
      reference: 'Delivery',
      sku: null,
      description: share ? `${what} (the share of ${first.number})` : what,
      quantity: 1,
      unitPriceCents: cents,
      totalCents: cents,
      taxRateBasisPoints: delivery?.rateBasisPoints ?? 0,
      taxCents,
      kind: 'delivery',
    },
  ];
}

/** A document's net, tax and gross from its lines: the lines always add up to the totals. */
const totalsOf = (lines: readonly InvoiceLine[]) => {
  const netCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const taxCents = lines.reduce((sum, line) => sum + (line.taxCents ?? 0), 0);
  return { netCents, taxCents, totalCents: netCents + taxCents };
};

function describePayment(payment: PaymentRecord): string {
  if (payment.method === 'card' && payment.cardBrand && payment.cardLast4) {
    const brand = payment.cardBrand.charAt(0).toUpperCase() + payment.cardBrand.slice(1);
    return `${brand} card ending ${payment.cardLast4}`;
  }
  if (payment.method === 'invoice') return `Invoice, net ${payment.terms?.termsDays ?? '?'} days`;
  return payment.method === 'card' ? 'Card' : 'Bank transfer';
}

/**
 * The invoice of one payment, covering every order it paid (one order, or every line of a checkout).
 * Idempotent: a payment recorded twice (a webhook after the browser's confirm) keeps its one invoice,
 * and orders invoiced already (on payment terms, when they were placed: decision 0112) keep theirs, so
 * recording their payment later issues no second number.
 */
export async function issueInvoice(
  tx: Executor,
  paidOrders: OrderRow[],
  payment: PaymentRecord,
  context: InvoiceContext = {},
  now = new Date(),
): Promise<InvoiceRow> {
  const repository = createInvoicesRepository(tx);
  const [first] = paidOrders;
  if (!first) throw new Error('an invoice needs at least one order');
  const invoiced = (await repository.listForOrder(first.id)).find((doc) => doc.kind === 'invoice');
  if (invoiced) return invoiced;
  const existing = await repository.findInvoiceForPayment(payment.reference);
  if (existing) return existing;

  const series = seriesOf('invoice', now);
  const number = await nextDocumentNumber(tx, series);
  // A company's order bills the company as it is now (name, tax ID, billing address), naming the buyer;
  // its tax is what the order was placed under (the buyer's tax ID and country frozen then).
  const company = first.companyId ? await repository.company(first.companyId) : undefined;
  const tax = first.checkoutId ? await repository.checkoutTax(first.checkoutId) : undefined;
  const lines = [
    ...paidOrders.map((order) => lineOf(order, context)),
    ...deliveryLineOf(
      paidOrders,
      tax && { name: tax.deliveryMethodName, rateBasisPoints: tax.deliveryTaxRateBasisPoints },
    ),
  ];
  const invoice = await repository.insert(
    {
      number,
      kind: 'invoice',
      userId: first.userId,
      companyId: company?.id ?? null,
      companyName: company?.name ?? null,
      companyTaxId: tax?.buyerTaxId ?? company?.taxId ?? null,
      billingAddress: company?.billingAddress ?? null,
      buyerName: first.customerName,
      buyerEmail: first.customerEmail,
      deliveryAddress: first.address,
      phone: first.phone,
      poReference: context.poReference ?? null,
      checkoutId: context.checkoutId ?? null,
      paymentReference: payment.reference,
      paymentMethod: describePayment(payment),
      lines,
      ...totalsOf(lines),
      taxTreatment: tax?.treatment ?? 'none',
      taxNote: tax?.note ?? null,
      buyerCountry: tax?.buyerCountry ?? null,
      suppliedOn: first.createdAt.toISOString().slice(0, 10),
      issuedAt: now,
      dueAt: payment.terms?.dueAt ?? null,
      termsDays: payment.terms?.termsDays ?? null,
    },
    paidOrders.map((order) => order.id),
  );
  await emitEvent(
    tx,
    'invoice.issued',
    {
      invoice: {
        id: invoice.id,
        number: invoice.number,
        orderIds: paidOrders.map((order) => order.id),
        issuedAt: invoice.issuedAt.toISOString(),
        dueAt: invoice.dueAt?.toISOString() ?? null,
        paymentReference: invoice.paymentReference,
      },
    },
    { companyId: invoice.companyId },
  );
  return invoice;
}

/**
 * A credit note of `lines` against `invoice`: the invoice's buyer, addresses, references and tax
 * treatment and wording (it gives back the lines' tax with their price), `says` in place of its payment.
 */
const creditNoteOf = (
  invoice: InvoiceRow,
  number: string,
  lines: InvoiceLine[],
  says: string,
  now: Date,
): NewInvoiceRow => ({
  number,
  kind: 'credit_note',
  userId: invoice.userId,
  companyId: invoice.companyId,
  companyName: invoice.companyName,
  companyTaxId: invoice.companyTaxId,
  billingAddress: invoice.billingAddress,
  buyerName: invoice.buyerName,
  buyerEmail: invoice.buyerEmail,
  deliveryAddress: invoice.deliveryAddress,
  phone: invoice.phone,
  poReference: invoice.poReference,
  checkoutId: invoice.checkoutId,
  paymentReference: invoice.paymentReference,
  paymentMethod: says,
  lines,
  ...totalsOf(lines),
  taxTreatment: invoice.taxTreatment,
  taxNote: invoice.taxNote,
  buyerCountry: invoice.buyerCountry,
  suppliedOn: invoice.suppliedOn,
  creditsInvoiceId: invoice.id,
  issuedAt: now,
});

/**
 * The credit note of one refunded order line, against the invoice that billed it. Idempotent per line.
 * Returns undefined when the line was never invoiced (paid before invoices existed): nothing to credit.
 */
export async function issueCreditNote(
  tx: Executor,
  refunded: OrderRow,
  context: InvoiceContext = {},
  now = new Date(),
  /** What the note says happened; by default, a refund to the invoice's payment. */
  reason?: string,
): Promise<InvoiceRow | undefined> {
  const repository = createInvoicesRepository(tx);
  const existing = await repository.findCreditNoteForOrder(refunded.id);
  if (existing) return existing;
  const invoice = (await repository.listForOrder(refunded.id)).find((doc) => doc.kind === 'invoice');
  if (!invoice) return undefined;

  const number = await nextDocumentNumber(tx, seriesOf('credit_note', now));
  const line =
    invoice.lines.find((l) => l.orderId === refunded.id && l.kind !== 'delivery') ??
    lineOf(refunded, context);
  // The line's share of the delivery charge goes back with it, at the rate the invoice charged it.
  const delivery = invoice.lines.find((l) => l.kind === 'delivery');
  const deliveryShare = deliveryLineOf(
    [refunded],
    { name: null, rateBasisPoints: delivery?.taxRateBasisPoints ?? 0 },
    true,
  );
  return repository.insert(
    {
      ...creditNoteOf(
        invoice,
        number,
        [line, ...deliveryShare],
        reason ?? `Refund to: ${invoice.paymentMethod}`,
        now,
      ),
      refundedOrderId: refunded.id,
    },
    [refunded.id],
  );
}

/**
 * The credit note of returned pieces of one line (decision 0240), against the invoice that billed it:
 * the invoiced line with the returned quantity and the figures the caller worked out from the line's
 * frozen price and tax (`returnFigures`). One per return (the caller guards that by the return's
 * status); undefined when the line was never invoiced.
 */
export async function issueReturnCreditNote(
  tx: Executor,
  order: OrderRow,
  returned: { quantity: number; netCents: number; taxCents: number; returnNumber: string },
  reason: string,
  now = new Date(),
): Promise<InvoiceRow | undefined> {
  const repository = createInvoicesRepository(tx);
  const invoice = (await repository.listForOrder(order.id)).find((doc) => doc.kind === 'invoice');
  if (!invoice) return undefined;
  const invoiced =
    invoice.lines.find((l) => l.orderId === order.id && l.kind !== 'delivery') ?? lineOf(order, {});
  const line: InvoiceLine = {
    ...invoiced,
    description: `${invoiced.description} (return ${returned.returnNumber})`,
    quantity: returned.quantity,
    totalCents: returned.netCents,
    taxRateBasisPoints: order.taxRateBasisPoints,
    taxCents: returned.taxCents,
  };
  const number = await nextDocumentNumber(tx, seriesOf('credit_note', now));
  return repository.insert(creditNoteOf(invoice, number, [line], reason, now), [order.id]);
}

/** A document is its buyer's, their company's by role (docs/decisions/0213) and the admins'; else 404. */
async function visibleDocument(
  db: Executor,
  row: InvoiceRow | undefined,
  user: AuthUser,
): Promise<InvoiceRow> {
  if (!row || !(await mayRead(db, row, user, 'documents'))) throw notFound('Invoice');
  return row;
}

/**
 * Documents as the API lists them, each invoice with what is still owed (docs/decisions/0206): its
 * total minus its credit notes minus what was paid against it, never below zero; 'overdue' when some
 * is owed past the due date.
 */
export async function summarizeDocuments(db: Executor, rows: readonly InvoiceRow[], now = new Date()) {
  const repository = createInvoicesRepository(db);
  const ids = rows.filter((row) => row.kind === 'invoice').map((row) => row.id);
  const [paid, credited] = await Promise.all([
    repository.paidCentsByInvoice(ids),
    repository.creditedCentsByInvoice(ids),
  ]);
  return rows.map((row) =>
    toInvoiceSummary(row, standingOf(row, paid.get(row.id) ?? 0, credited.get(row.id) ?? 0, now)),
  );
}

function standingOf(row: InvoiceRow, paidCents: number, creditedCents: number, now: Date): InvoiceStanding {
  if (row.kind === 'credit_note') return { status: null, balanceCents: null };
  const balanceCents = Math.max(row.totalCents - creditedCents - paidCents, 0);
  if (balanceCents > 0) return { status: row.dueAt && row.dueAt < now ? 'overdue' : 'open', balanceCents };
  return { status: creditedCents >= row.totalCents ? 'credited' : 'paid', balanceCents };
}

/** The buyer's invoices and credit notes, with their company's where their role reads them; newest first. */
export async function listMyInvoices(db: Executor, user: AuthUser): Promise<InvoiceRow[]> {
  return createInvoicesRepository(db).listForUser(user.id, await readableCompanyOf(db, user.id, 'documents'));
}

/** A company's newest documents (the shop admin's company page). */
export async function listCompanyInvoices(
  db: Executor,
  companyId: string,
  limit: number,
): Promise<InvoiceRow[]> {
  return createInvoicesRepository(db).listForCompany(companyId, limit);
}

/** An order's invoice and credit note, if any: its customer's, or any for an admin. */
export async function listOrderInvoices(
  db: Executor,
  user: AuthUser,
  orderId: string,
): Promise<InvoiceRow[]> {
  const documents = await createInvoicesRepository(db).listForOrder(orderId);
  if (documents.length === 0) {
    // An order without documents yet (unpaid) is still the caller's to ask about, or not found.
    const order = await createInvoicesRepository(db).orderOwner(orderId);
    if (!order || !(await mayRead(db, order, user))) throw notFound('Order');
    return [];
  }
  return Promise.all(documents.map((row) => visibleDocument(db, row, user)));
}

/** One invoice or credit note its buyer (or an admin) may see. */
export async function getInvoice(db: Executor, user: AuthUser, id: string): Promise<InvoiceRow> {
  return visibleDocument(db, await createInvoicesRepository(db).findById(id), user);
}

/**
 * How an invoice checkout is paid (docs/decisions/0205): the seller's account and the number of the
 * invoice issued with it, the reference to quote; undefined for a card checkout.
 */
export async function checkoutBankTransfer(
  db: Executor,
  config: Pick<Env, 'bankAccount' | 'SELLER_EMAIL'>,
  checkout: Pick<CheckoutRow, 'paymentMethod' | 'number'>,
): Promise<BankTransfer | undefined> {
  if (checkout.paymentMethod !== 'invoice') return undefined;
  // An invoice on terms records its checkout's number as its payment reference (payment-terms/service.ts).
  const invoice = await createInvoicesRepository(db).findInvoiceForPayment(checkout.number);
  return bankTransferOf(config, invoice?.number ?? null);
}

/** The next number of a document series (invoices, credit notes, quotes), taken in `tx`. */
export async function nextDocumentNumber(tx: Executor, series: string): Promise<string> {
  return formatNumber(series, await createInvoicesRepository(tx).nextNumber(series));
}

/** An order's invoice and credit note, if any, for the caller's own rules (mail attachments, the admin's detail). */
export const documentsOfOrder = (db: Executor, orderId: string): Promise<InvoiceRow[]> =>
  createInvoicesRepository(db).listForOrder(orderId);

/** The credit notes of every line of a checkout. */
export const creditNotesOfCheckout = (db: Executor, checkoutId: string): Promise<InvoiceRow[]> =>
  createInvoicesRepository(db).listCreditNotesForCheckout(checkoutId);

/** What a document prints besides its row: the buyer's part numbers (beside ours), a credit note's invoice. */
export async function documentExtras(db: Executor, document: InvoiceRow): Promise<DocumentExtras> {
  const repository = createInvoicesRepository(db);
  const corrected = document.creditsInvoiceId
    ? await repository.findById(document.creditsInvoiceId)
    : undefined;
  return {
    customerNumbers: await repository.customerPartNumbers(document.lines.map((line) => line.orderId)),
    correctsNumber: corrected?.number ?? null,
  };
}
