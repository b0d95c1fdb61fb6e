import { and, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ReturnStatus } from '@forgeline/shared/returns';
import type { Executor } from '../../db/client.ts';
import { newestFirst } from '../../db/keyset.ts';
import { invoices, orders, returns, type ReturnRow } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

/** A return with what its readers see of its order line and credit note. */
export interface ReturnView extends ReturnRow {
  orderNumber: string;
  productName: string;
  customerName: string;
  customerEmail: string;
  priceCents: number;
  orderQuantity: number;
  taxRateBasisPoints: number;
  taxCents: number;
  creditNoteNumber: string | null;
}

type NewReturn = Pick<ReturnRow, 'orderId' | 'requestedBy' | 'quantity' | 'reason' | 'comment'>;

export function createReturnsRepository(db: Executor) {
  const read = (where: SQL | undefined, limit = 500, offset = 0): Promise<ReturnView[]> =>
    db
      .select({
        ...getTableColumns(returns),
        orderNumber: orders.number,
        productName: orders.productName,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        priceCents: orders.priceCents,
        orderQuantity: orders.quantity,
        taxRateBasisPoints: orders.taxRateBasisPoints,
        taxCents: orders.taxCents,
        creditNoteNumber: invoices.number,
      })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .leftJoin(invoices, eq(invoices.id, returns.creditNoteId))
      .where(where)
      .orderBy(...newestFirst(returns.createdAt, returns.id))
      .limit(limit)
      .offset(offset);

  return {
    async insert(values: NewReturn): Promise<ReturnRow> {
      const [row] = await db.insert(returns).values(values).returning();
      return row!;
    },

    /** The return locked until the transaction ends: a second admin's step waits, then sees this one's. */
    async lock(id: string): Promise<ReturnRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(returns).where(eq(returns.id, id)).for('update');
      return row;
    },

    /** Moves the return on from one of `from` only: undefined when it is no longer at that step. */
    async advance(
      id: string,
      from: readonly ReturnStatus[],
      set: Partial<Omit<ReturnRow, 'id' | 'number' | 'orderId'>>,
    ): Promise<ReturnRow | undefined> {
      const [row] = await db
        .update(returns)
        .set(set)
        .where(and(eq(returns.id, id), inArray(returns.status, [...from])))
        .returning();
      return row;
    },

    /** Pieces of the line that returns hold (every return not refused) and of those, refunded. */
    async piecesOf(orderId: string): Promise<{ held: number; refunded: number }> {
      const [row] = await db
        .select({
          held: sql<string>`coalesce(sum(${returns.quantity}) filter (where ${returns.status} <> 'refused'), 0)`,
          refunded: sql<string>`coalesce(sum(${returns.quantity}) filter (where ${returns.status} = 'refunded'), 0)`,
        })
        .from(returns)
        .where(eq(returns.orderId, orderId));
      return { held: Number(row?.held ?? 0), refunded: Number(row?.refunded ?? 0) };
    },

    async findView(id: string): Promise<ReturnView | undefined> {
      if (!isUuid(id)) return undefined;
      const [view] = await read(eq(returns.id, id), 1);
      return view;
    },

    /** The shop's list: every return, or those at one step; newest first. */
    /** The shop's list: a page of every return, or of those at one step, newest first. */
    listAll: (status: ReturnStatus | undefined, limit: number, offset: number) =>
      read(status ? eq(returns.status, status) : undefined, limit, offset),

    /** How many returns there are, or at one step. */
    count: (status?: ReturnStatus) => db.$count(returns, status ? eq(returns.status, status) : undefined),

    /** The returns of a person's orders and, with `companyId`, of every order of that company. */
    listByReader: (userId: string, companyId?: string) =>
      read(
        companyId
          ? or(eq(orders.userId, userId), eq(orders.companyId, companyId))
          : eq(orders.userId, userId),
      ),
  };
}
