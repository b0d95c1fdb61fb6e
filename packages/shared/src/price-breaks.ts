/**
 * Price breaks as an admin types them and the CSV files write them: '100:4.20;500:3.90' (quantity:price
 * in dollars, separated by semicolons). One reader and writer for the forms and the CSV imports and
 * exports (docs/decisions/0274); no zod here, so the list pages show breaks without loading it.
 */
export type PriceBreak = { minQuantity: number; price: number };

const BREAK = /^(\d{1,9})\s*:\s*(\d{1,9}(?:\.\d+)?)$/;

export const formatPriceBreaks = (tiers: readonly PriceBreak[]): string =>
  tiers.map((tier) => `${tier.minQuantity}:${tier.price.toFixed(2)}`).join(';');

/** The breaks of a cell (blank parts skipped), or the first part that is not quantity:price. */
export function parsePriceBreaks(text: string): { tiers: PriceBreak[] } | { bad: string } {
  const parts = text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const tiers: PriceBreak[] = [];
  for (const part of parts) {
    const match = BREAK.exec(part);
    if (!match) return { bad: part };
    tiers.push({ minQuantity: Number(match[1]), price: Number(match[2]) });
  }
  return { tiers };
}
