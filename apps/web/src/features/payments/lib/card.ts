import { CARD_BRAND_LABELS, cardBrand, cardLength, luhnValid, type CardBrand } from '@forgeline/shared/cards';

/**
 * Card entry helpers of the test processor's form: formatting, expiry and CVC checks; the brand and the
 * Luhn check are the shared ones the test processor applies too.
 */

export type { CardBrand };
/** The brand's name as the card shows it ('' for a number no network's range holds). */
export const brandLabel = CARD_BRAND_LABELS;
export { cardBrand, cardLength, luhnValid };

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

export const cvcLength = (brand: CardBrand): number => (brand === 'amex' ? 4 : 3);

/** '4242424242424242' → '4242 4242 4242 4242'; American Express as 4-6-5. */
export const formatCardNumber = (value: string): string => {
  const digits = digitsOnly(value);
  const brand = cardBrand(digits);
  const limited = digits.slice(0, cardLength(brand));
  if (brand === 'amex') {
    return [limited.slice(0, 4), limited.slice(4, 10), limited.slice(10, 15)].filter(Boolean).join(' ');
  }
  return limited.replace(/(.{4})(?=.)/g, '$1 ');
};

/** '1' → '1', '12' → '12 / ', '1228' → '12 / 28'; a first digit above 1 becomes '0d'. */
export const formatExpiry = (value: string, previous = ''): string => {
  let digits = digitsOnly(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  // Deleting the ' / ' separator deletes the month's last digit too.
  if (previous.endsWith(' / ') && value.length < previous.length) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
};

export type CardEntry = { number: string; expiry: string; cvc: string };

export type ParsedCard = { cardNumber: string; expMonth: number; expYear: number; cvc: string };

/** Checks the entry; answers the parsed card or the first problem, in the order of the fields. */
export const checkCard = (
  entry: CardEntry,
  now: Date = new Date(),
): { ok: true; card: ParsedCard } | { ok: false; field: keyof CardEntry; message: string } => {
  const digits = digitsOnly(entry.number);
  const brand = cardBrand(digits);
  if (digits.length < cardLength(brand))
    return { ok: false, field: 'number', message: 'Your card number is incomplete.' };
  if (!luhnValid(digits)) return { ok: false, field: 'number', message: 'Your card number is invalid.' };
  const expiry = digitsOnly(entry.expiry);
  if (expiry.length < 4)
    return { ok: false, field: 'expiry', message: "Your card's expiration date is incomplete." };
  const expMonth = Number(expiry.slice(0, 2));
  const expYear = 2000 + Number(expiry.slice(2, 4));
  if (expMonth < 1 || expMonth > 12)
    return { ok: false, field: 'expiry', message: "Your card's expiration date is invalid." };
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (expYear * 12 + (expMonth - 1) < thisMonth) {
    return { ok: false, field: 'expiry', message: "Your card's expiration year is in the past." };
  }
  const cvc = digitsOnly(entry.cvc);
  if (cvc.length < cvcLength(brand))
    return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  return { ok: true, card: { cardNumber: digits, expMonth, expYear, cvc } };
};
