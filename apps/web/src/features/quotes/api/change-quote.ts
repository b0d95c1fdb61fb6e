import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptQuoteBody, Checkout } from '@forgeline/shared/schemas/checkout';
import type { OfferQuoteBody, Quote, RequestQuoteBody } from '@forgeline/shared/schemas/quote';
import type { ApprovalNeeded } from '@forgeline/shared/schemas/company';
import { api } from '@/lib/api-client';
import { productKeys } from '@/lib/query-keys';
import { companyKeys, orderKeys, quoteKeys } from '@/lib/feature-query-keys';

/** POST /api/quotes: asks for a quote. */
export const requestQuote = (body: RequestQuoteBody): Promise<Quote> =>
  api.post<Quote>('/quotes', body, { auth: true });

/** POST /api/quotes/:id/offer: the shop's prices and validity (admin). */
export const offerQuote = ({ id, ...body }: OfferQuoteBody & { id: string }): Promise<Quote> =>
  api.post<Quote>(`/quotes/${encodeURIComponent(id)}/offer`, body, { auth: true });

/** POST /api/quotes/:id/messages: a message on an open quote. */
export const sendQuoteMessage = ({ id, body }: { id: string; body: string }): Promise<Quote> =>
  api.post<Quote>(`/quotes/${encodeURIComponent(id)}/messages`, { body }, { auth: true });

/** POST /api/quotes/:id/decline: closes an open quote. */
export const declineQuote = (id: string): Promise<Quote> =>
  api.post<Quote>(`/quotes/${encodeURIComponent(id)}/decline`, undefined, { auth: true });

/** Every change answers the whole quote: it replaces the cached one, and the lists refetch. */
const useQuoteChange = <V>(change: (variables: V) => Promise<Quote>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (quote) => queryClient.setQueryData(quoteKeys.detail(quote._id), quote),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: quoteKeys.lists() }),
  });
};

export const useRequestQuote = () => useQuoteChange(requestQuote);
export const useOfferQuote = () => useQuoteChange(offerQuote);
export const useSendQuoteMessage = () => useQuoteChange(sendQuoteMessage);
export const useDeclineQuote = () => useQuoteChange(declineQuote);

/**
 * POST /api/quotes/:id/accept: the offer becomes a checkout at its prices (its buyer), then paid; over a
 * company buyer's limit a 202 sends it for approval instead.
 */
export const acceptQuote = ({
  id,
  idempotencyKey,
  body,
}: {
  id: string;
  idempotencyKey: string;
  body: AcceptQuoteBody;
}): Promise<Checkout | ApprovalNeeded> =>
  api.post<Checkout | ApprovalNeeded>(`/quotes/${encodeURIComponent(id)}/accept`, body, {
    auth: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const useAcceptQuote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuote,
    onSettled: (_checkout, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: quoteKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: quoteKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
  });
};
