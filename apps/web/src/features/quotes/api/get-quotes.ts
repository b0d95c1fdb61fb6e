import { quoteKeys } from '@/lib/feature-query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote } from '@forgeline/shared/schemas/quote';
import type { QuoteStatus } from '@forgeline/shared/schema-constants';
import { api } from '@/lib/api-client';

/** GET /api/myQuotes: the buyer's quotes, newest first. */
export const getMyQuotes = (signal?: AbortSignal): Promise<Quote[]> =>
  api.get<Quote[]>('/myQuotes', { auth: true, ...(signal ? { signal } : {}) });

export const useMyQuotes = () =>
  useQuery(queryOptions({ queryKey: quoteKeys.mine(), queryFn: ({ signal }) => getMyQuotes(signal) }));

/** GET /api/quotes?status=: every quote, for admins. */
export const getQuotes = (status: QuoteStatus | undefined, signal?: AbortSignal): Promise<Quote[]> =>
  api.get<Quote[]>('/quotes', { auth: true, params: { status }, ...(signal ? { signal } : {}) });

export const useQuotes = (status?: QuoteStatus) =>
  useQuery(
    queryOptions({ queryKey: quoteKeys.admin(status), queryFn: ({ signal }) => getQuotes(status, signal) }),
  );

/** GET /api/quotes/:id: one quote, its buyer's or any for an admin. */
export const getQuote = (id: string, signal?: AbortSignal): Promise<Quote> =>
  api.get<Quote>(`/quotes/${encodeURIComponent(id)}`, { auth: true, ...(signal ? { signal } : {}) });

export const useQuote = (id: string) =>
  useQuery(queryOptions({ queryKey: quoteKeys.detail(id), queryFn: ({ signal }) => getQuote(id, signal) }));
