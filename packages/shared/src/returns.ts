// Plain constants and arithmetic, no zod: My Orders and the dashboard's returns page import these
// without the schemas (decision 0240).
import { taxOnCents } from './tax.ts';

/** Why a buyer sends pieces back, with the words the forms and mails show. */
export const RETURN_REASONS = {
  wrong_part: 'Wrong part delivered',
  damaged: 'Arrived damaged',
  defective: 'Faulty or out of specification',
  not_needed: 'No longer needed',
  ordered_by_mistake: 'Ordered by mistake',
  other: 'Other',
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;
export const RETURN_REASON_KEYS = Object.keys(RETURN_REASONS) as [ReturnReason, ...ReturnReason[]];

/** Requested → Approved | Refused; Approved → Received (or Refused); Received → Refunded. */
export const RETURN_STATUSES = {
  requested: 'Requested',
  approved: 'Approved',
  refused: 'Refused',
  received: 'Received',
  refunded: 'Refunded',
} as const;
export type ReturnStatus = keyof typeof RETURN_STATUSES;
export const RETURN_STATUS_KEYS = Object.keys(RETURN_STATUSES) as [ReturnStatus, ...ReturnStatus[]];

/** How a return's money went back: to the card, as a credit on an unpaid invoice, or by bank transfer. */
export const REFUND_METHODS = {
  card: 'Refund to the card',
  invoice_credit: 'Credited against the invoice',
  bank_transfer: 'Paid back by bank transfer',
} as const;
export type RefundMethod = keyof typeof REFUND_METHODS;

/** How many days after a line's last shipment its pieces may be asked back, unless configured. */
export const DEFAULT_RETURN_WINDOW_DAYS = 30;

/** The figures of a line frozen when it was placed (docs/decisions/0219). */
export interface FrozenLine {
  priceCents: number;
  quantity: number;
  taxRateBasisPoints: number;
  taxCents: number;
}

/**
 * What returning `pieces` of a line gives back, when `before` pieces of it were refunded already: its
 * net at the frozen unit price, and its tax by the shared tax engine at the frozen rate. The tax is the
 * difference of the tax on everything returned after and before this return, capped by the line's own
 * tax, so that however a line comes back in parts, its returns' tax adds up to the line's tax exactly
 * (never a cent more by rounding each part).
 */
export function returnFigures(
  line: FrozenLine,
  before: number,
  pieces: number,
): { netCents: number; taxCents: number; grossCents: number } {
  const taxUpTo = (count: number) =>
    count >= line.quantity
      ? line.taxCents
      : Math.min(taxOnCents(line.priceCents * count, line.taxRateBasisPoints), line.taxCents);
  const netCents = line.priceCents * pieces;
  const taxCents = taxUpTo(before + pieces) - taxUpTo(before);
  return { netCents, taxCents, grossCents: netCents + taxCents };
}
