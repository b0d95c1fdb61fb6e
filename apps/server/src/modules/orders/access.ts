import type { OrderRow } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/app/auth.ts';

/** Who acts on an order: the signed-in account, as the session says. */
export type Actor = Pick<AuthUser, 'id' | 'name' | 'email' | 'role'>;

/** Whom an order is visible to: its owner and admins. Anyone else is told it does not exist. */
export function visibleOrder(order: OrderRow | undefined, user: Actor): OrderRow {
  if (!order || (order.userId !== user.id && user.role !== 'admin')) throw notFound('Order');
  return order;
}

/** Owner-only actions (paying): others' orders don't exist for customers; admins are refused. */
export function ownOrder(order: OrderRow | undefined, user: Actor): OrderRow {
  const visible = visibleOrder(order, user);
  if (visible.userId !== user.id) throw forbidden('Only the customer who placed the order can do that.');
  return visible;
}
