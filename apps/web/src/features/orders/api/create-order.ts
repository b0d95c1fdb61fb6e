import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { productKeys } from '@/lib/query-keys';
import { orderKeys } from '@/lib/feature-query-keys';

/** POST /api/order body (docs/product.md §7). The server takes name and email from the session and re-checks the figures. */
export type CreateOrderInput = {
  productId: string;
  name: string;
  email: string;
  productName: string;
  price: number;
  address: string;
  phone: string;
  buyQuantity: number;
  totalPrize: number;
};

export type CreateOrderResult = { acknowledged: boolean; insertedId: string };

/**
 * `idempotencyKey`: the server places one order per key, and answers a retry with that key with the
 * first order (docs/decisions/0121), so an answer lost on the way never makes a second order.
 */
export const createOrder = (input: CreateOrderInput, idempotencyKey: string): Promise<CreateOrderResult> =>
  api.post<CreateOrderResult>('/order', input, {
    auth: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** A fresh key; crypto.randomUUID needs a secure context, getRandomValues does not. */
const newKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** No answer, or 'try again in a moment': the order may or may not exist, so the same key goes again. */
const isTransient = (error: unknown) => !(error instanceof ApiError) || error.status === 503;

export const useCreateOrder = () => {
  const queryClient = useQueryClient();
  // One key per order the customer means: kept while they resubmit the same order, new after a success
  // or when they change anything (the server refuses a key reused for another body).
  const attempt = useRef<{ input: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (input: CreateOrderInput) => {
      const json = JSON.stringify(input);
      if (attempt.current?.input !== json) attempt.current = { input: json, key: newKey() };
      return createOrder(input, attempt.current.key);
    },
    // A lost answer is retried at once with the same key: the first order comes back, not a second.
    retry: (failures, error) => failures < 2 && isTransient(error),
    onSuccess: () => {
      attempt.current = null;
      // The order took stock from the product, and it is a new row of the order lists.
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
};
