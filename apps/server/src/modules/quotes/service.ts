import { endSentence } from '@forgeline/shared/messages';
import { DAY_MS } from '@forgeline/shared/dates';
import { findMembership, mayRead, readableCompanyOf } from '../membership/index.ts';
import { createHash } from 'node:crypto';
import { linesTotalCents, quoteQuantityProblem } from '@forgeline/shared/pricing';
import { toCents, toDollars } from '@forgeline/shared/money';
import type { OfferQuoteBody, RequestQuoteBody } from '@forgeline/shared/schemas/quote';
import type { Database, Executor } from '../../db/client.ts';
import type { QuoteLineRow, QuoteRow } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/app/auth.ts';
import { nextDocumentNumber } from '../invoices/index.ts';
import { buyerView, viewProduct } from '../pricing/index.ts';
import { findProduct, findProducts, pricingOfRow } from '../products/index.ts';
import type { TaxSeller } from '@forgeline/shared/tax';
import type { TaxSummary } from '@forgeline/shared/schemas/tax';
import { taxSummaryOf } from '../tax/index.ts';
import { createQuotesRepository, type QuoteWithParts } from './repository.ts';
import { recordAudit } from '../audit/index.ts';
import { emitEvent } from '../webhooks/index.ts';
import type { ErrorCode } from '@forgeline/shared/api-error';
import type { MailDeps } from '../../lib/deps.ts';
import { queueQuoteMail, type QuoteMailKind } from './mail.ts';

/**
 * The rules of quotes (docs/decisions/0111). A quote moves requested → offered → accepted | declined |
 * expired; an offer may be revised while it is open. Every change happens on the locked quote row, so
 * two tabs (or the buyer and the shop) acting at once take turns and the second sees the first's result.
 */

/**
 * Runs one step of a quote in a transaction whose mail is written to the outbox with it (decision 0120):
 * the mail exists exactly when the step commits. Delivered after the commit, in the background.
 */
async function withQuoteMail(
  deps: MailDeps,
  step: (tx: Executor) => Promise<{ parts: QuoteWithParts; mail: QuoteMailKind }>,
): Promise<QuoteWithParts> {
  const { parts, mailIds } = await deps.db.transaction(async (tx) => {
    const { parts, mail } = await step(tx);
    return { parts, mailIds: await queueQuoteMail(deps, tx, mail, parts.quote) };
  });
  deps.mailer.deliverLater(mailIds);
  return parts;
}

/** Only its buyer and admins act on a quote (message, decline, accept); to anyone else it does not exist. */
export function visibleQuote<T extends QuoteRow | undefined>(
  quote: T,
  user: Pick<AuthUser, 'id' | 'role'>,
): NonNullable<T> {
  if (!quote || (quote.userId !== user.id && user.role !== 'admin')) throw notFound('Quote');
  return quote as NonNullable<T>;
}

/** The buyer's quotes with their lines and messages, newest first. */
export async function listMyQuotes(db: Database, user: AuthUser): Promise<QuoteWithParts[]> {
  const quotes = createQuotesRepository(db);
  // With the company's, where the member's role reads all of its orders (decision 0213).
  const rows = await quotes.listForUser(user.id, await readableCompanyOf(db, user.id));
  return Promise.all(rows.map((quote) => quotes.withParts(quote)));
}

/** A quote to read: its buyer's, their company's by role, any for an admin; else 404. */
async function readableQuote(db: Database, user: AuthUser, id: string): Promise<QuoteRow> {
  const quote = await createQuotesRepository(db).findById(id);
  if (!quote || !(await mayRead(db, quote, user))) throw notFound('Quote');
  return quote;
}

/** Every quote, newest first, optionally of one status (admin). */
export async function listAllQuotes(db: Database, status?: QuoteRow['status']): Promise<QuoteWithParts[]> {
  const quotes = createQuotesRepository(db);
  return Promise.all((await quotes.listAll(status)).map((quote) => quotes.withParts(quote)));
}

/** One quote its buyer (or an admin) may see, with its lines and messages. */
export async function getQuote(db: Database, user: AuthUser, id: string): Promise<QuoteWithParts> {
  return createQuotesRepository(db).withParts(await readableQuote(db, user, id));
}

/** A quote to print: its buyer's (or an admin's), and priced, or there is nothing to print. */
export async function getPricedQuote(db: Database, user: AuthUser, id: string): Promise<QuoteWithParts> {
  const quote = await readableQuote(db, user, id);
  if (!quote.offeredAt) throw conflict('This quote has not been priced yet.', 'QUOTE_NOT_OFFERED');
  return createQuotesRepository(db).withParts(quote);
}

/** An offer whose expiry has passed is expired, whether or not the job has closed it yet. */
/**
 * Names an offer as it stands: when it was made and each line's quantity and price. Any revision
 * changes it; accepting must send it back (or the total), so an offer is never accepted unseen.
 */
export function offerVersionOf(quote: QuoteRow, lines: readonly QuoteLineRow[]): string | null {
  if (!quote.offeredAt || lines.some((line) => line.offeredPriceCents === null)) return null;
  const content = [
    quote.offeredAt.toISOString(),
    ...lines.map((line) => `${line.id}:${line.quantity}:${line.offeredPriceCents}`),
  ].join('|');
  return createHash('sha256').update(content).digest('base64url').slice(0, 16);
}

/** The total of an offer, in cents (every line priced). */
export const offerTotalCents = (lines: readonly QuoteLineRow[]) =>
  linesTotalCents(lines.map((line) => ({ unitCents: line.offeredPriceCents ?? 0, quantity: line.quantity })));

export const isLapsed = (quote: QuoteRow, now: Date) =>
  quote.status === 'offered' && quote.expiresAt !== null && quote.expiresAt.getTime() <= now.getTime();

const CLOSED_MESSAGE: Record<Exclude<QuoteRow['status'], 'requested' | 'offered'>, string> = {
  accepted: 'This quote has already been accepted.',
  declined: 'This quote was declined and is closed.',
  expired: 'This offer has expired. Please ask for a new quote.',
};
const CLOSED_CODE = {
  accepted: 'QUOTE_ACCEPTED',
  declined: 'QUOTE_DECLINED',
  expired: 'QUOTE_EXPIRED',
} as const satisfies Record<keyof typeof CLOSED_MESSAGE, ErrorCode>;

function refuseClosed(quote: QuoteRow, now: Date) {
  if (isLapsed(quote, now)) throw conflict(CLOSED_MESSAGE.expired, 'QUOTE_EXPIRED');
  if (quote.status === 'requested' || quote.status === 'offered') return;
  throw conflict(CLOSED_MESSAGE[quote.status], CLOSED_CODE[quote.status]);
}

/** Locks the quote, closes it first if its offer lapsed, and refuses any action on a closed quote. */
export async function lockOpenQuote(
  tx: Executor,
  id: string,
  user: Pick<AuthUser, 'id' | 'role'>,
  now: Date,
): Promise<QuoteRow> {
  const repository = createQuotesRepository(tx);
  const quote = visibleQuote(await repository.lockById(id), user);
  refuseClosed(quote, now);
  return quote;
}

export async function requestQuote(
  deps: MailDeps,
  user: AuthUser,
  body: RequestQuoteBody,
  now = new Date(),
): Promise<QuoteWithParts> {
  const seen = new Set<string>();
  for (const line of body.lines) {
    if (seen.has(line.productId))
      throw badRequest('Each part can be on a quote once: combine the quantities.');
    seen.add(line.productId);
  }
  return withQuoteMail(deps, async (tx) => {
    const details: Record<string, string> = {};
    const lines = [];
    // The starting price is the buyer's own (their company's list); a part hidden from them is none (0216).
    const catalogue = await buyerView(tx, user.id);
    for (const [index, line] of body.lines.entries()) {
      const product = await viewProduct(tx, catalogue, await findProduct(tx, line.productId));
      if (!product) {
        details[`lines.${index}.productId`] = 'This part is no longer in the catalogue.';
        continue;
      }
      // The minimum and the pack apply; the maximum and the stock do not (decision 0200).
      const problem = quoteQuantityProblem(pricingOfRow(product), line.quantity);
      if (problem) details[`lines.${index}.quantity`] = `${product.name}: ${problem.message}`;
      lines.push({
        productId: product.id,
        productName: product.name,
        quantity: line.quantity,
        listPriceCents: product.priceCents,
        targetPriceCents: line.targetPrice == null ? null : toCents(line.targetPrice),
      });
    }
    const [first] = Object.values(details);
    if (first) throw badRequest(first, details);

    const repository = createQuotesRepository(tx);
    const series = `Q-${now.getUTCFullYear()}`;
    const number = await nextDocumentNumber(tx, series);
    const companyId = (await findMembership(tx, user.id))?.companyId ?? null;
    const quote = await repository.insert(
      {
        number,
        userId: user.id,
        companyId,
        buyerName: user.name,
        buyerEmail: user.email,
        note: body.note || null,
      },
      lines,
    );
    return { parts: await repository.withParts(quote), mail: 'requested' };
  });
}

/**
 * Each line's offer: its price, and its quantity (the one asked for, or the shop's revision). A quantity
 * must keep the part's rules as a request must (decision 0200): a 400 naming each line that breaks one.
 */
async function offeredLines(
  tx: Executor,
  lines: readonly QuoteLineRow[],
  body: OfferQuoteBody,
): Promise<Map<string, { priceCents: number; quantity: number }>> {
  const details: Record<string, string> = {};
  const offer = new Map<string, { priceCents: number; quantity: number }>();
  for (const [index, wanted] of body.lines.entries()) {
    const line = lines.find((candidate) => candidate.id === wanted.lineId)!;
    const quantity = wanted.quantity ?? line.quantity;
    const product = line.productId ? await findProduct(tx, line.productId) : undefined;
    const problem = product && quoteQuantityProblem(pricingOfRow(product), quantity);
    if (problem) details[`lines.${index}.quantity`] = `${line.productName}: ${problem.message}`;
    offer.set(line.id, { priceCents: toCents(wanted.price), quantity });
  }
  const [first] = Object.values(details);
  if (first) throw badRequest(first, details);
  return offer;
}

export async function offerQuote(
  deps: MailDeps,
  admin: AuthUser,
  id: string,
  body: OfferQuoteBody,
  now = new Date(),
): Promise<QuoteWithParts> {
  return withQuoteMail(deps, async (tx) => {
    const quote = await lockOpenQuote(tx, id, admin, now);
    const repository = createQuotesRepository(tx);
    const lines = await repository.linesOf(quote.id);
    const prices = new Map(body.lines.map((line) => [line.lineId, toCents(line.price)]));
    const unknown = [...prices.keys()].filter((lineId) => !lines.some((line) => line.id === lineId));
    if (unknown.length > 0 || prices.size !== body.lines.length)
      throw badRequest('Every price must name a different line of this quote.');
    const missing = lines.filter((line) => !prices.has(line.id));
    if (missing.length > 0)
      throw badRequest(
        endSentence(`Give a price for every line: ${missing.map((line) => line.productName).join(', ')}`),
      );
    const offer = await offeredLines(tx, lines, body);

    const quantityChanges = Object.fromEntries(
      lines
        .filter((line) => offer.get(line.id)!.quantity !== line.quantity)
        .map((line) => [line.productName, `${line.quantity} → ${offer.get(line.id)!.quantity} pcs`]),
    );

    await recordAudit(tx, admin, {
      action: quote.status === 'offered' ? 'quote.revised' : 'quote.offered',
      subject: { type: 'quote', id: quote.id, label: quote.number },
      before:
        quote.status === 'offered'
          ? Object.fromEntries(
              lines.map((line) => [line.productName, toDollars(line.offeredPriceCents ?? 0)]),
            )
          : null,
      after: {
        ...Object.fromEntries(lines.map((line) => [line.productName, toDollars(prices.get(line.id)!)])),
        validDays: body.validDays,
        ...(Object.keys(quantityChanges).length > 0 && { quantities: quantityChanges }),
      },
    });
    await repository.setOffer(quote.id, offer, {
      offeredAt: now,
      expiresAt: new Date(now.getTime() + body.validDays * DAY_MS),
    });
    if (body.message) {
      await repository.addMessage({
        quoteId: quote.id,
        author: 'seller',
        authorName: admin.name,
        body: body.message,
      });
    }
    const parts = await repository.withParts((await repository.findById(quote.id))!);
    // The offer's figures; the whole quote is GET /api/quotes/:id (its wire mapper lives with the routes).
    await emitEvent(
      tx,
      'quote.offered',
      {
        quote: {
          _id: parts.quote.id,
          number: parts.quote.number,
          status: 'offered',
          offeredAt: parts.quote.offeredAt?.toISOString() ?? null,
          expiresAt: parts.quote.expiresAt?.toISOString() ?? null,
          total: toDollars(offerTotalCents(parts.lines)),
          offerVersion: offerVersionOf(parts.quote, parts.lines),
        },
      },
      { companyId: quote.companyId },
    );
    return { parts, mail: 'offered' };
  });
}

export async function addQuoteMessage(
  deps: MailDeps,
  user: AuthUser,
  id: string,
  body: string,
  now = new Date(),
): Promise<QuoteWithParts> {
  return withQuoteMail(deps, async (tx) => {
    const quote = await lockOpenQuote(tx, id, user, now);
    const repository = createQuotesRepository(tx);
    // The buyer writes as the buyer, even when the buyer is also an admin.
    const author = quote.userId === user.id ? 'buyer' : 'seller';
    await repository.addMessage({ quoteId: quote.id, author, authorName: user.name, body });
    return {
      parts: await repository.withParts(quote),
      mail: author === 'buyer' ? 'messageFromBuyer' : 'messageFromSeller',
    };
  });
}

export async function declineQuote(
  deps: MailDeps,
  user: AuthUser,
  id: string,
  now = new Date(),
): Promise<QuoteWithParts> {
  return withQuoteMail(deps, async (tx) => {
    const quote = await lockOpenQuote(tx, id, user, now);
    const repository = createQuotesRepository(tx);
    const declined = await repository.setStatus(quote.id, 'declined', { decidedAt: now });
    return { parts: await repository.withParts(declined), mail: 'declined' };
  });
}

/** Closes offers past their expiry, each buyer's mail written with the close; answers the quotes closed. */
export async function expireQuotes(deps: MailDeps, now = new Date()): Promise<QuoteRow[]> {
  const { closed, mailIds } = await deps.db.transaction(async (tx) => {
    const closed = await createQuotesRepository(tx).expireOffers(now);
    const mailIds: string[] = [];
    for (const quote of closed) mailIds.push(...(await queueQuoteMail(deps, tx, 'expired', quote)));
    return { closed, mailIds };
  });
  deps.mailer.deliverLater(mailIds);
  return closed;
}

/**
 * The tax an offer would bear if accepted now (docs/decisions/0219), for the buyer's company: shown
 * beside its net total; undefined before it is priced, or when the shop charges no tax.
 */
export async function offerTax(
  db: Executor,
  seller: TaxSeller | null,
  { quote, lines }: QuoteWithParts,
): Promise<TaxSummary | undefined> {
  if (!seller || lines.some((line) => line.offeredPriceCents === null)) return undefined;
  const parts = await findProducts(
    db,
    lines.flatMap((line) => (line.productId ? [line.productId] : [])),
  );
  const categoryOf = new Map(parts.map((part) => [part.id, part.taxCategory]));
  return taxSummaryOf(
    db,
    seller,
    quote.companyId,
    lines.map((line) => ({
      category: (line.productId && categoryOf.get(line.productId)) || 'standard',
      netCents: (line.offeredPriceCents ?? 0) * line.quantity,
    })),
  );
}
