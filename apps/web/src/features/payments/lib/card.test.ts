import { describe, expect, it } from 'vitest';
import { cardBrand, checkCard, formatCardNumber, formatExpiry, luhnValid } from './card';

describe('card entry helpers', () => {
  it('formats numbers in groups and detects the brand', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 4242 4242 4242 99')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(cardBrand('4000')).toBe('visa');
    expect(cardBrand('5555')).toBe('mastercard');
    expect(cardBrand('3782')).toBe('amex');
    expect(cardBrand('9')).toBe('unknown');
  });

  it('formats the expiry as MM / YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('1228')).toBe('12 / 28');
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
  });

  it('checks Luhn, expiry and CVC', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    const now = new Date('2026-05-01T00:00:00Z');
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' }, now)).toEqual({
      ok: true,
      card: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(checkCard({ number: '4242 4242', expiry: '12 / 30', cvc: '123' }, now)).toMatchObject({
      ok: false,
      field: 'number',
    });
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '01 / 20', cvc: '123' }, now)).toMatchObject({
      ok: false,
      field: 'expiry',
    });
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '1' }, now)).toMatchObject({
      ok: false,
      field: 'cvc',
    });
  });
});
