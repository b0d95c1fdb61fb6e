/**
 * Back-orders and lead times (docs/decisions/0238): a part that allows them may be ordered beyond its
 * stock; the pieces short wait on the order line until a goods receipt fills them, oldest line first.
 * Pure rules, used by the server to decide and by the web to say it.
 */

/** The longest lead time a part may have, in days. */
export const LEAD_TIME_DAYS_MAX = 365;

/** What the buyer and the admin read on a line with pieces waiting. */
export const shipsInAbout = (days: number): string => `ships in about ${days} day${days === 1 ? '' : 's'}`;

/** How `quantity` pieces of a part split between the shelf now and a back-order. */
export function splitBackorder(
  part: { availableQuantity: number; allowBackorder: boolean },
  quantity: number,
): { allocated: number; backordered: number } {
  const allocated = part.allowBackorder ? Math.min(Math.max(part.availableQuantity, 0), quantity) : quantity;
  return { allocated, backordered: quantity - allocated };
}

/** A back-orderable part needs a lead time; else what is wrong, keyed by field (empty when nothing). */
export function backorderProblems(part: {
  allowBackorder: boolean;
  leadTimeDays: number | null;
}): Record<string, string> {
  return part.allowBackorder && part.leadTimeDays === null
    ? { leadTimeDays: 'A part that allows back-orders needs a lead time in days.' }
    : {};
}

/**
 * A line's waiting pieces as a person reads them: '3 pcs back-ordered, ships in about 14 days', or
 * null when nothing waits.
 */
export function backorderNote(line: {
  backorderedQuantity?: number | undefined;
  leadTimeDays?: number | null | undefined;
}): string | null {
  const waiting = line.backorderedQuantity ?? 0;
  if (waiting <= 0) return null;
  const when = line.leadTimeDays ? `, ${shipsInAbout(line.leadTimeDays)}` : '';
  return `${waiting} pcs back-ordered${when}`;
}

/**
 * Fills waiting lines oldest first from `pieces` that came in: each line gets what it waits for while
 * pieces last. Answers what each line gets (lines that get nothing are left out) and what is left for
 * the shelf. `lines` must be in the order they are served (oldest first).
 */
export function allocateReceipt<T extends { backorderedQuantity: number }>(
  lines: readonly T[],
  pieces: number,
): { fills: { line: T; pieces: number }[]; left: number } {
  let left = pieces;
  const fills: { line: T; pieces: number }[] = [];
  for (const line of lines) {
    if (left <= 0) break;
    const take = Math.min(left, line.backorderedQuantity);
    if (take > 0) {
      fills.push({ line, pieces: take });
      left -= take;
    }
  }
  return { fills, left };
}
