import type { DeliveryMethodDto } from '@forgeline/shared/schemas/delivery';
import { formatMoney, toCents } from '@forgeline/shared/money';

type Rate = DeliveryMethodDto['rates'][number];

const money = (dollars: number) => formatMoney(toCents(dollars));
/** Grams as kilograms, without trailing zeros: 5000 → '5', 2500 → '2.5', 250 → '0.25'. */
export const kilograms = (grams: number) => String(Number((grams / 1000).toFixed(3)));

/** A method's rate for one zone in words: 'Flat $15.00', '0–5 kg $9.00, 5–20 kg $19.00', 'Free from $500.00, else $12.00'. */
export const rateInWords = (kind: DeliveryMethodDto['kind'], rate: Rate): string => {
  switch (kind) {
    case 'flat':
      return `Flat ${money(rate.price)}`;
    case 'weight': {
      const bands = [...rate.bands].sort((a, b) => a.maxGrams - b.maxGrams);
      if (bands.length === 0) return 'No weight bands';
      return bands
        .map(
          (band, index) =>
            `${kilograms(bands[index - 1]?.maxGrams ?? 0)}–${kilograms(band.maxGrams)} kg ${money(band.price)}`,
        )
        .join(', ');
    }
    case 'free_over':
      return rate.freeFrom === null
        ? money(rate.price)
        : `Free from ${money(rate.freeFrom)}, else ${money(rate.price)}`;
    case 'collection':
      return 'Collection';
    case 'freight_quote':
      return 'Quoted on request';
  }
};
