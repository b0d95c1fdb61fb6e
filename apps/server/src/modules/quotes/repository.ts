import { and, asc, desc, eq, inArray, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  quoteLines,
  quoteMessages,
  quotes,
  users,
  type QuoteLineRow,
  type QuoteMessageRow,
  type QuoteRow,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

export interface QuoteWithParts {
  quote: QuoteRow;
  lines: QuoteLineRow[];
  messages: QuoteMessageRow[];
}

export type NewQuote = Pick<
  QuoteRow,
  'number' | 'userId' | 'companyId' | 'buyerName' | 'buyerEmail' | 'note'
>;
export type NewQuoteLine = Pick<
  QuoteLineRow,
  'productId' | 'productName' | 'quantity' | 'listPriceCents' | 'targetPriceCents'
>;

export function createQuotesRepository(db: Executor) {
  async function withParts(quote: QuoteRow): Promise<QuoteWithParts> {
    const [lines, messages] = await Promise.all([
      db.select().from(quoteLines).where(eq(quoteLines.quoteId, quote.id)).orderBy(asc(quoteLines.position)),
      db
        .select()
        .from(quoteMessages)
        .where(eq(quoteMessages.quoteId, quote.id))
        .orderBy(asc(quoteMessages.createdAt), asc(quoteMessages.id)),
    ]);
    return { quote, lines, messages };
  }

  return {
    withParts,

    async insert(values: NewQuote, lines: NewQuoteLine[]): Promise<QuoteRow> {
      const [quote] = await db.insert(quotes).values(values).returning();
      if (!quote) throw new Error('insert returned no row');
      await db
        .insert(quoteLines)
        .values(lines.map((line, position) => ({ ...line, quoteId: quote.id, position })));
      return quote;
    },

    async findById(id: string): Promise<QuoteRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
      return row;
    },

    /** The quote, locked until the transaction ends: two tabs accepting at once take turns. */
    async lockById(id: string): Promise<QuoteRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).for('update');
      return row;
    },

    async linesOf(quoteId: string): Promise<QuoteLineRow[]> {
      return db
        .select()
        .from(quoteLines)
        .where(eq(quoteLines.quoteId, quoteId))
        .orderBy(asc(quoteLines.position));
    },

    async setOffer(
      quoteId: string,
      offer: ReadonlyMap<string, { priceCents: number; quantity: number }>,
      at: { offeredAt: Date; expiresAt: Date },
    ): Promise<QuoteRow> {
      for (const [lineId, { priceCents, quantity }] of offer) {
        await db
          .update(quoteLines)
          .set({ offeredPriceCents: priceCents, quantity })
          .where(and(eq(quoteLines.id, lineId), eq(quoteLines.quoteId, quoteId)));
      }
      const [row] = await db
        .update(quotes)
        .set({ status: 'offered', offeredAt: at.offeredAt, expiresAt: at.expiresAt })
        .where(eq(quotes.id, quoteId))
        .returning();
      if (!row) throw new Error('update returned no row');
      return row;
    },

    async setStatus(
      quoteId: string,
      status: QuoteRow['status'],
      extra: Partial<Pick<QuoteRow, 'decidedAt' | 'checkoutId'>> = {},
    ): Promise<QuoteRow> {
      const [row] = await db
        .update(quotes)
        .set({ status, ...extra })
        .where(eq(quotes.id, quoteId))
        .returning();
      if (!row) throw new Error('update returned no row');
      return row;
    },

    async addMessage(values: Pick<QuoteMessageRow, 'quoteId' | 'author' | 'authorName' | 'body'>) {
      const [row] = await db.insert(quoteMessages).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** A person's quotes and, with `companyId`, every quote of that company; newest first. */
    async listForUser(userId: string, companyId?: string): Promise<QuoteRow[]> {
      return db
        .select()
        .from(quotes)
        .where(
          companyId
            ? or(eq(quotes.userId, userId), eq(quotes.companyId, companyId))
            : eq(quotes.userId, userId),
        )
        .orderBy(desc(quotes.createdAt));
    },

    async listAll(status?: QuoteRow['status']): Promise<QuoteRow[]> {
      return db
        .select()
        .from(quotes)
        .where(status ? eq(quotes.status, status) : undefined)
        .orderBy(desc(quotes.createdAt))
        .limit(500);
    },

    async linesOfMany(quoteIds: string[]): Promise<QuoteLineRow[]> {
      if (quoteIds.length === 0) return [];
      return db
        .select()
        .from(quoteLines)
        .where(inArray(quoteLines.quoteId, quoteIds))
        .orderBy(asc(quoteLines.position));
    },

    /** Offers past their expiry, closed at once; answers the quotes it closed (for the e-mails). */
    async expireOffers(now: Date): Promise<QuoteRow[]> {
      return db
        .update(quotes)
        .set({ status: 'expired', decidedAt: now })
        .where(and(eq(quotes.status, 'offered'), lt(quotes.expiresAt, now)))
        .returning();
    },

    async adminEmails(): Promise<string[]> {
      const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
      return rows.map((row) => row.email);
    },
  };
}
