import { formatMoney } from '@forgeline/shared/money';
import type { Executor } from '../../db/client.ts';
import { createMembershipRepository, type Membership } from './repository.ts';

/**
 * Locks the buyer's member row (their checkouts are counted one after the other) and answers why
 * `totalCents` needs approval, or null. Someone outside a company, or without limits, never does.
 */
export async function spendingCheck(
  tx: Executor,
  buyerId: string,
  totalCents: number,
  now = new Date(),
): Promise<{ member: Membership; reason: string } | null> {
  const member = await createMembershipRepository(tx).lock(buyerId);
  if (!member || (member.orderLimitCents === null && member.monthlyLimitCents === null)) return null;
  if (member.orderLimitCents !== null && totalCents > member.orderLimitCents) {
    return { member, reason: `Over the per-order limit of ${formatMoney(member.orderLimitCents)}.` };
  }
  if (member.monthlyLimitCents !== null) {
    const spent =
      (await createMembershipRepository(tx).spentThisMonth(member.companyId, now)).get(buyerId) ?? 0;
    if (spent + totalCents > member.monthlyLimitCents) {
      return {
        member,
        reason: `Over the monthly limit of ${formatMoney(member.monthlyLimitCents)} (${formatMoney(spent)} ordered this month).`,
      };
    }
  }
  return null;
}

/** What a member's company spent this month, by member (the company page's figures). */
export const spentThisMonth = (db: Executor, companyId: string) =>
  createMembershipRepository(db).spentThisMonth(companyId);
