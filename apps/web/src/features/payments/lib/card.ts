/** Card entry helpers of the test processor's form: brand, formatting, Luhn, expiry and CVC checks. */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export const brandLabel: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: '',
};

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

export const cardBrand = (digits: string): CardBrand => {
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
};

export const cardLength = (brand: CardBrand): number => (brand === 'amex' ? 15 : 16);
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

export const luhnValid = (digits: string): boolean => {
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
