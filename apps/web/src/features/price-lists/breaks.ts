import { formatPriceBreaks, parsePriceBreaks, type PriceBreak } from '@forgeline/shared/price-breaks';

export type Break = PriceBreak;
export const formatBreaks = formatPriceBreaks;

/** The breaks typed in the form, or the message for the first part that is not quantity:price. */
export function parseBreaks(text: string): { tiers: Break[] } | { problem: string } {
  const read = parsePriceBreaks(text);
  return 'bad' in read
    ? { problem: `'${read.bad}' is not quantity:price (write them like 10:4.50;50:4.00)` }
    : read;
}

/** '30 % off all parts', '12.5 % off the parts listed', 'Fixed prices only'. */
export const ruleLabel = (percentOff: number | null, scope: 'all' | 'listed') =>
  percentOff === null
    ? 'Fixed prices only'
    : `${percentOff} % off ${scope === 'all' ? 'all parts' : 'the parts listed'}`;

/** 'Always', 'From 2026-01-01', '2026-01-01 to 2027-12-31', 'Until 2027-12-31'. */
export const validityLabel = (from: string | null, to: string | null) =>
  from && to ? `${from} to ${to}` : from ? `From ${from}` : to ? `Until ${to}` : 'Always';
