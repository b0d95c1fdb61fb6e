import type { QueryClient } from '@tanstack/react-query';
import type { Cart } from '@forgeline/shared/schemas/cart';
import { api } from './api-client';
import { cartKeys } from './query-keys';
import { VISITOR_CART_KEY as KEY } from './visitor-cart-key';

/**
 * A visitor's cart, kept in this browser until they sign in (docs/architecture.md §9): then its lines move into the
 * account's server cart (POST /api/cart/lines sums a product already there) and the browser copy goes.
 */

export type VisitorCartLine = { productId: string; quantity: number };

export const readVisitorCart = (): VisitorCartLine[] => {
  try {
    const lines = JSON.parse(window.localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(lines)
      ? lines.filter(
          (line): line is VisitorCartLine =>
            typeof line?.productId === 'string' && Number.isInteger(line?.quantity) && line.quantity > 0,
        )
      : [];
  } catch {
    return [];
  }
};

export const addToVisitorCart = (line: VisitorCartLine): number => {
  const lines = readVisitorCart();
  const existing = lines.find((l) => l.productId === line.productId);
  if (existing) existing.quantity += line.quantity;
  else lines.push(line);
  window.localStorage.setItem(KEY, JSON.stringify(lines));
  return lines.length;
};

let moving: Promise<void> | null = null;

/**
 * After sign-in: the browser's lines into the account's cart; kept in the browser if that fails. Callers
 * at the same moment (the sign-in form, and the session arriving after a Google redirect) share one
 * move, so no line is added twice.
 */
export const moveVisitorCart = (client: QueryClient): Promise<void> => {
  moving ??= (async () => {
    const lines = readVisitorCart();
    if (lines.length === 0) return;
    try {
      const cart = await api.post<Cart>('/cart/lines', { lines });
      window.localStorage.removeItem(KEY);
      client.setQueryData(cartKeys.all, cart);
    } catch {
      // The sign-in stands; the lines wait in the browser for the next one.
    }
  })().finally(() => {
    moving = null;
  });
  return moving;
};
