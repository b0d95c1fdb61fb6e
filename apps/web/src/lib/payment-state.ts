import { formatShortDay } from '@forgeline/shared/dates';
import type { Order } from '@forgeline/shared/schemas/order';

/** A due date as the order lists show it: '12 Jan' (the year when it is not this one). */
export const dueDay = (iso: string, now = new Date()) => formatShortDay(iso, now);

/**
 * What an unpaid order on payment terms reads in My Orders and Manage All Orders (decision 0112):
 * 'Awaiting payment (due 12 Jan)', never 'Paid'. Null for a card order or a paid one.
 */
export const awaitingPayment = (order: Pick<Order, 'paid' | 'dueAt'> & Partial<Pick<Order, 'status'>>) =>
  !order.paid && order.dueAt && order.status !== 'cancelled'
    ? `Awaiting payment (due ${dueDay(order.dueAt)})`
    : null;

/** Whether the due date has passed (never for a cancelled order: its credit note settled it). */
export const isOverdue = (
  order: Pick<Order, 'paid' | 'dueAt'> & Partial<Pick<Order, 'status'>>,
  now = Date.now(),
) => !order.paid && order.dueAt !== null && order.status !== 'cancelled' && Date.parse(order.dueAt) < now;
