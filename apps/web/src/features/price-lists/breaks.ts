/**
 * Price breaks as an admin types them and the CSV writes them: '10:4.50;50:4.00' (quantity:price in
 * dollars, separated by semicolons). No zod here: the list pages show breaks without loading it.
 */
export type Break = { minQuantity: number; price: number };

export const formatBreaks = (tiers: readonly Break[]) =>
  tiers.map((tier) => `${tier.minQuantity}:${tier.price.toFixed(2)}`).join(';');

const BREAK = /^(\d{1,9})\s*:\s*(\d{1,9}(?:\.\d+)?)$/;

/** The breaks of a cell, or the message for the first part that is not quantity:price. */
export function parseBreaks(text: string): { tiers: Break[] } | { problem: string } {
  const parts = text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const tiers: Break[] = [];
  for (const part of parts) {
    const match = BREAK.exec(part);
    if (!match) return { problem: `'${part}' is not quantity:price (write them like 10:4.50;50:4.00)` };
    tiers.push({ minQuantity: Number(match[1]), price: Number(match[2]) });
  }
  return { tiers };
}

/** '30 % off all parts', '12.5 % off the parts listed', 'Fixed prices only'. */
export const ruleLabel = (percentOff: number | null, scope: 'all' | 'listed') =>
  percentOff === null
    ? 'Fixed prices only'
    : `${percentOff} % off ${scope === 'all' ? 'all parts' : 'the parts listed'}`;

/** 'Always', 'From 2026-01-01', '2026-01-01 to 2027-12-31', 'Until 2027-12-31'. */
export const validityLabel = (from: string | null, to: string | null) =>
  from && to ? `${from} to ${to}` : from ? `From ${from}` : to ? `Until ${to}` : 'Always';
