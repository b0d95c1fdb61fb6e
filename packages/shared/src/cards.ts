/**
 * Card numbers, one rule for the checkout's card form and the built-in test processor: the Luhn check and
 * the brand a number's first digits name (the ranges the card networks publish, as Stripe reads them).
 */
export type CardBrand =
  'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'diners' | 'unionpay' | 'unknown';

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
  unknown: '',
};

/** The brand of a card number (digits only); 'unknown' when no network's range holds it. */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return 'jcb';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** How many digits a card of the brand has: American Express 15, Diners Club 14, the others 16. */
export const cardLength = (brand: CardBrand): number =>
  brand === 'amex' ? 15 : brand === 'diners' ? 14 : 16;

/** The Luhn check digit test every card number passes; false for anything but digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
