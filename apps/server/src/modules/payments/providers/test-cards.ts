import { cardBrand, luhnValid } from '@forgeline/shared/cards';

/**
 * The card checks of the built-in test processor, following Stripe's test mode (docs/architecture.md §5): the
 * number (Luhn), the expiry and the CVC are checked in Stripe's order with Stripe's messages and codes,
 * then Stripe's documented test cards give their outcomes; any other valid number succeeds.
 */
export interface CardInput {
  cardNumber: string;
  expMonth: number | string;
  expYear: number | string;
  cvc: string;
}

export type CardOutcome =
  | { ok: true; brand: string; last4: string }
  | { ok: false; code: string; message: string; declineCode?: string };

const decline = (code: string, message: string, declineCode?: string): CardOutcome => ({
  ok: false,
  code,
  message,
  ...(declineCode && { declineCode }),
});

/** Stripe's test cards with a fixed outcome other than success. */
const TEST_CARD_OUTCOMES: Record<string, CardOutcome> = {
  '4000000000000002': decline('card_declined', 'Your card was declined.', 'generic_decline'),
  '4000000000009995': decline('card_declined', 'Your card has insufficient funds.', 'insufficient_funds'),
  '4000000000009987': decline('card_declined', 'Your card was declined.', 'lost_card'),
  '4000000000009979': decline('card_declined', 'Your card was declined.', 'stolen_card'),
  '4100000000000019': decline('card_declined', 'Your card was declined.', 'fraudulent'),
  '4000000000000069': decline('expired_card', 'Your card has expired.'),
  '4000000000000127': decline('incorrect_cvc', "Your card's security code is incorrect."),
  '4000000000000119': decline(
    'processing_error',
    'An error occurred while processing your card. Try again in a little bit.',
  ),
};

const asWholeNumber = (value: number | string): number | undefined => {
  const text = typeof value === 'number' ? String(value) : value.trim();
  return /^\d{1,4}$/.test(text) ? Number(text) : undefined;
};

export function checkTestCard(card: CardInput, now: Date = new Date()): CardOutcome {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    return decline('incorrect_number', 'Your card number is incorrect.');

  const month = asWholeNumber(card.expMonth);
  if (month === undefined || month < 1 || month > 12) {
    return decline('invalid_expiry_month', "Your card's expiration month is invalid.");
  }
  const rawYear = asWholeNumber(card.expYear);
  const year = rawYear === undefined ? undefined : rawYear < 100 ? 2000 + rawYear : rawYear;
  const thisYear = now.getUTCFullYear();
  if (year === undefined || year < thisYear || year > thisYear + 50) {
    return decline('invalid_expiry_year', "Your card's expiration year is invalid.");
  }
  if (year === thisYear && month < now.getUTCMonth() + 1) {
    return decline('invalid_expiry_month', "Your card's expiration month is invalid.");
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim()))
    return decline('invalid_cvc', "Your card's security code is invalid.");

  const fixed = TEST_CARD_OUTCOMES[digits];
  if (fixed) return fixed;
  return { ok: true, brand: cardBrand(digits), last4: digits.slice(-4) };
}
