import { describe, expect, it } from 'vitest';
import { cardBrand, cardLength, luhnValid } from '../src/cards';

describe('card numbers: one rule for the card form and the test processor', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3566002020360505', 'jcb'],
    ['36227206271667', 'diners'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
  ])('%s is %s', (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
    // Stripe's test numbers are all Luhn-valid; so is the unknown one chosen here.
    expect(luhnValid(digits)).toBe(true);
  });

  it('knows each brand’s length, so the form can say a number is incomplete', () => {
    expect(cardLength(cardBrand('378282246310005'))).toBe(15);
    expect(cardLength(cardBrand('36227206271667'))).toBe(14);
    expect(cardLength(cardBrand('4242424242424242'))).toBe(16);
  });

  it('refuses a wrong check digit and anything but digits', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});
