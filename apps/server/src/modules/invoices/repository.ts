import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  checkouts,
  companies,
  documentCounters,
  invoiceOrders,
  invoices,
  orders,
  type CompanyRow,
  type InvoiceRow,
  type NewInvoiceRow,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

export function createInvoicesRepository(db: Executor) {
  return {
    /** The buyer's own part number frozen on each of these orders, where it has one. */
    async customerPartNumbers(orderIds: readonly string[]): Promise<Map<string, string>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .select({ id: orders.id, number: orders.customerPartNumber })
        .from(orders)
        .where(inArray(orders.id, [...orderIds]));
      return new Map(rows.flatMap((row) => (row.number ? [[row.id, row.number] as const] : [])));
    },

    /**
     * The next number of a series. The upsert locks the counter row until the caller's transaction
     * ends: a concurrent caller waits, and a rollback returns the number, so a series has no gaps.
     */
    async nextNumber(series: string): Promise<number> {
      const [row] = await db
        .insert(documentCounters)
        .values({ series, lastNumber: 1 })
        .onConflictDoUpdate({
          target: documentCounters.series,
          set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
        })
        .returning({ lastNumber: documentCounters.lastNumber });
      if (!row) throw new Error('the document counter returned no row');
      return row.lastNumber;
    },

    async insert(values: NewInvoiceRow, orderIds: string[]): Promise<InvoiceRow> {
      const [row] = await db.insert(invoices).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      if (orderIds.length > 0) {
        await db.insert(invoiceOrders).values(orderIds.map((orderId) => ({ invoiceId: row.id, orderId })));
      }
      return row;
    },

    async findById(id: string): Promise<InvoiceRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
      return row;
    },

    async findInvoiceForPayment(paymentReference: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.kind, 'invoice'), eq(invoices.paymentReference, paymentReference)));
      return row;
    },

    async findCreditNoteForOrder(orderId: string): Promise<InvoiceRow | undefined> {
      if (!isUuid(orderId)) return undefined;
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.kind, 'credit_note'), eq(invoices.refundedOrderId, orderId)));
      return row;
    },

    /** The documents that cover an order: its invoice, and a credit note if the line was refunded. */
    async listForOrder(orderId: string): Promise<InvoiceRow[]> {
      if (!isUuid(orderId)) return [];
      const ids = db
        .select({ id: invoiceOrders.invoiceId })
        .from(invoiceOrders)
        .where(eq(invoiceOrders.orderId, orderId));
      return db.select().from(invoices).where(inArray(invoices.id, ids)).orderBy(invoices.issuedAt);
    },

    /** The credit notes of a checkout's refunded lines, oldest first. */
    async listCreditNotesForCheckout(checkoutId: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.kind, 'credit_note'), eq(invoices.checkoutId, checkoutId)))
        .orderBy(invoices.issuedAt, invoices.number);
    },

    /** Whose order this is (undefined: no such order), for the visibility of its documents. */
    async orderOwner(
      orderId: string,
    ): Promise<{ userId: string | null; companyId: string | null } | undefined> {
      if (!isUuid(orderId)) return undefined;
      const [row] = await db
        .select({ userId: orders.userId, companyId: orders.companyId })
        .from(orders)
        .where(eq(orders.id, orderId));
      return row;
    },

    /** A person's documents and, with `companyId`, every document of that company. */
    async listForUser(userId: string, companyId?: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(
          companyId
            ? or(eq(invoices.userId, userId), eq(invoices.companyId, companyId))
            : eq(invoices.userId, userId),
        )
        .orderBy(desc(invoices.issuedAt), desc(invoices.number));
    },

    async listForCompany(companyId: string, limit: number): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(eq(invoices.companyId, companyId))
        .orderBy(desc(invoices.issuedAt), desc(invoices.number))
        .limit(limit);
    },

    /** How the checkout was taxed when placed (docs/decisions/0219): the invoice repeats it. */
    async checkoutTax(id: string) {
      const [row] = await db
        .select({
          treatment: checkouts.taxTreatment,
          note: checkouts.taxNote,
          buyerCountry: checkouts.buyerCountry,
          buyerTaxId: checkouts.buyerTaxId,
          deliveryMethodName: checkouts.deliveryMethodName,
          deliveryTaxRateBasisPoints: checkouts.deliveryTaxRateBasisPoints,
        })
        .from(checkouts)
        .where(eq(checkouts.id, id));
      return row;
    },

    async company(id: string): Promise<CompanyRow | undefined> {
      const [row] = await db.select().from(companies).where(eq(companies.id, id));
      return row;
    },

    /**
     * What has been paid against each invoice: the totals of its lines whose order is paid. A refunded
     * or cancelled line's order is gone, and its credit note counts for it instead.
     */
    async paidCentsByInvoice(invoiceIds: readonly string[]): Promise<Map<string, number>> {
      if (invoiceIds.length === 0) return new Map();
      const rows = await db
        .select({ invoiceId: invoiceOrders.invoiceId, cents: sql<string>`sum(${orders.grossCents})` })
        .from(invoiceOrders)
        .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
        .where(and(inArray(invoiceOrders.invoiceId, [...invoiceIds]), eq(orders.paid, true)))
        .groupBy(invoiceOrders.invoiceId);
      return new Map(rows.map((row) => [row.invoiceId, Number(row.cents)]));
    },

    /** The credit notes' totals against each invoice. */
    async creditedCentsByInvoice(invoiceIds: readonly string[]): Promise<Map<string, number>> {
      if (invoiceIds.length === 0) return new Map();
      const rows = await db
        .select({ invoiceId: invoices.creditsInvoiceId, cents: sql<string>`sum(${invoices.totalCents})` })
        .from(invoices)
        .where(and(eq(invoices.kind, 'credit_note'), inArray(invoices.creditsInvoiceId, [...invoiceIds])))
        .groupBy(invoices.creditsInvoiceId);
      return new Map(rows.flatMap((row) => (row.invoiceId ? [[row.invoiceId, Number(row.cents)]] : [])));
    },

    async listAll(limit: number): Promise<InvoiceRow[]> {
      return db.select().from(invoices).orderBy(desc(invoices.issuedAt), desc(invoices.number)).limit(limit);
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
