import { ApiErrorSchema } from '@forgeline/shared/api-error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AcceptQuoteBodySchema, CheckoutSchema } from '@forgeline/shared/schemas/checkout';
import {
  OfferQuoteBodySchema,
  QuoteListQuerySchema,
  QuoteMessageBodySchema,
  QuoteSchema,
  RequestQuoteBodySchema,
  type Quote,
} from '@forgeline/shared/schemas/quote';
import { toDollars } from '@forgeline/shared/money';
import { errorResponses } from '../../lib/errors.ts';
import { createdResponses, IdParams, okResponses } from '../../lib/route-schemas.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import { sellerOf } from '../invoices/index.ts';
import { checkoutAnswer } from '../checkout/index.ts';
import { ApprovalNeededSchema } from '@forgeline/shared/schemas/company';
import { IdempotencyKeyHeaders, withIdempotency } from '../idempotency/index.ts';
import { acceptQuote, quoteDeliveryOptions } from './accept.ts';
import { DeliveryOptionsSchema, DestinationSchema } from '@forgeline/shared/schemas/delivery';
import { renderQuotePdf } from './pdf.ts';
import type { QuoteWithParts } from './repository.ts';
import {
  addQuoteMessage,
  declineQuote,
  getPricedQuote,
  getQuote,
  isLapsed,
  listAllQuotes,
  listMyQuotes,
  offerQuote,
  offerTax,
  offerTotalCents,
  offerVersionOf,
  requestQuote,
} from './service.ts';
import { sendDownload } from '../../lib/downloads.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The wire shape; an offer past its expiry reads 'expired' even before the job has closed it. */
export function toQuoteDto({ quote, lines, messages }: QuoteWithParts, now = new Date()): Quote {
  const offered = lines.every((line) => line.offeredPriceCents !== null);
  return {
    _id: quote.id,
    number: quote.number,
    status: isLapsed(quote, now) ? 'expired' : quote.status,
    buyerName: quote.buyerName,
    buyerEmail: quote.buyerEmail,
    note: quote.note,
    createdAt: quote.createdAt.toISOString(),
    offeredAt: iso(quote.offeredAt),
    expiresAt: iso(quote.expiresAt),
    decidedAt: iso(quote.decidedAt),
    total: offered ? toDollars(offerTotalCents(lines)) : null,
    offerVersion: offerVersionOf(quote, lines),
    checkoutId: quote.checkoutId,
    pdfUrl: quote.offeredAt ? `/api/quotes/${quote.id}/pdf` : null,
    lines: lines.map((line) => ({
      _id: line.id,
      productId: line.productId,
      productName: line.productName,
      quantity: line.quantity,
      listPrice: toDollars(line.listPriceCents),
      targetPrice: line.targetPriceCents === null ? null : toDollars(line.targetPriceCents),
      offeredPrice: line.offeredPriceCents === null ? null : toDollars(line.offeredPriceCents),
      lineTotal: line.offeredPriceCents === null ? null : toDollars(line.offeredPriceCents * line.quantity),
    })),
    messages: messages.map((message) => ({
      _id: message.id,
      author: message.author,
      authorName: message.authorName,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/quotes',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quotes'],
        summary: 'Asks the shop for a quote on some parts, with optional target prices and a note',
        body: RequestQuoteBodySchema,
        response: createdResponses(QuoteSchema),
      },
    },
    async (request, reply) => {
      const parts = await requestQuote(app, currentUser(request), request.body);
      return reply.code(201).send(toQuoteDto(parts));
    },
  );

  app.get(
    '/myQuotes',
    {
      config: { apiScopes: ['quotes:read'] },
      onRequest: app.requireUser,
      schema: {
        tags: ['quotes'],
        summary: 'Your quotes, newest first',
        response: okResponses(z.array(QuoteSchema)),
      },
    },
    async (request) => (await listMyQuotes(app.db, currentUser(request))).map((parts) => toQuoteDto(parts)),
  );

  app.get(
    '/quotes/:id',
    {
      config: { apiScopes: ['quotes:read'] },
      onRequest: app.requireUser,
      schema: {
        tags: ['quotes'],
        summary: 'One quote (its buyer, or an admin)',
        params: IdParams,
        response: okResponses(QuoteSchema),
      },
    },
    async (request) => {
      const parts = await getQuote(app.db, currentUser(request), request.params.id);
      const tax = await offerTax(app.db, app.config.taxSeller, parts);
      return { ...toQuoteDto(parts), ...(tax && { tax }) };
    },
  );

  app.get(
    '/quotes/:id/delivery-options',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quotes'],
        summary:
          'The delivery methods that serve an offer to a destination (country, region), cheapest first, with cost and tax: the buyer chooses one when accepting',
        params: IdParams,
        querystring: DestinationSchema,
        response: okResponses(DeliveryOptionsSchema),
      },
    },
    async (request) =>
      quoteDeliveryOptions(app, currentUser(request), request.params.id, {
        country: request.query.country,
        region: request.query.region ?? null,
      }),
  );

  app.post(
    '/quotes/:id/messages',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quotes'],
        summary: 'Writes a message on an open quote (its buyer, or an admin)',
        params: IdParams,
        body: QuoteMessageBodySchema,
        response: okResponses(QuoteSchema),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const parts = await addQuoteMessage(app, user, request.params.id, request.body.body);
      return toQuoteDto(parts);
    },
  );

  app.post(
    '/quotes/:id/accept',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quotes'],
        summary:
          'Accepts an open offer (its buyer): a checkout at the offered prices, stock taken now, all lines or none, then paid like any checkout; 202 with an order request when over the buyer’s spending limit',
        params: IdParams,
        headers: IdempotencyKeyHeaders,
        body: AcceptQuoteBodySchema,
        response: {
          201: CheckoutSchema,
          202: ApprovalNeededSchema,
          ...errorResponses,
          // A revised offer: its new figures beside the message (decision 0157).
          409: ApiErrorSchema.extend({ offer: z.unknown().optional() }),
        },
      },
    },
    async (request, reply) =>
      withIdempotency(app, request, reply, async (tx) => {
        // Placed: the admins hear of it in the order's own mail, which names the quote.
        const outcome = await acceptQuote(app, tx, currentUser(request), request.params.id, request.body);
        return checkoutAnswer(app, outcome);
      }),
  );

  app.post(
    '/quotes/:id/decline',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quotes'],
        summary: 'Declines an open quote and closes it (its buyer, or an admin)',
        params: IdParams,
        response: okResponses(QuoteSchema),
      },
    },
    async (request) => {
      const parts = await declineQuote(app, currentUser(request), request.params.id);
      return toQuoteDto(parts);
    },
  );

  app.get(
    '/quotes/:id/pdf',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quotes'],
        summary: 'The PDF of a priced quote (its buyer, or an admin)',
        params: IdParams,
        response: okResponses(z.any()),
      },
    },
    async (request, reply) => {
      const parts = await getPricedQuote(app.db, currentUser(request), request.params.id);
      const quote = parts.quote;
      const pdf = await renderQuotePdf(parts, sellerOf(app.config));
      return sendDownload(reply, {
        body: pdf,
        fileName: `${quote.number}.pdf`,
        contentType: 'application/pdf',
      });
    },
  );
};

/** Admin-only routes: registered inside the admin area, whose one onRequest hook is the guard. */
export const quoteAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/quotes',
    {
      schema: {
        tags: ['quotes'],
        summary: 'Every quote, newest first, optionally of one status (admin)',
        querystring: QuoteListQuerySchema,
        response: okResponses(z.array(QuoteSchema)),
      },
    },
    async (request) => (await listAllQuotes(app.db, request.query.status)).map((parts) => toQuoteDto(parts)),
  );

  app.post(
    '/quotes/:id/offer',
    {
      schema: {
        tags: ['quotes'],
        summary:
          'Prices every line of an open quote and sets how long the offer holds (admin); may revise an offer',
        params: IdParams,
        body: OfferQuoteBodySchema,
        response: okResponses(QuoteSchema),
      },
    },
    async (request) => {
      const parts = await offerQuote(app, currentUser(request), request.params.id, request.body);
      return toQuoteDto(parts);
    },
  );
};
