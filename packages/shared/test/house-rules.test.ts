import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, formatDay, formatShortDay, isoDay, startOfDay } from '../src/dates.ts';
import { fromFormField, isPlainNumber, parseTypedNumber } from '../src/form-number.ts';
import { centsFigure, hasWholeCents, sumDollars } from '../src/money.ts';
import { isPhone, normalisePhone, phoneOrNull } from '../src/phone.ts';
import { formatPriceBreaks, parsePriceBreaks } from '../src/price-breaks.ts';
import { lineQuantityProblem } from '../src/quantity.ts';
import { LineQuantitySchema, PhoneSchema } from '../src/schemas/common.ts';

describe('phone numbers (one rule for forms, server and documents)', () => {
  it('accepts what people type and folds its white space', () => {
    expect(isPhone('+1 (555) 014-2')).toBe(true);
    expect(normalisePhone('  +1  555   0142 ')).toBe('+1 555 0142');
    expect(PhoneSchema.parse(' +1  555 0142')).toBe('+1 555 0142');
  });
  it('refuses what is not a phone number, with one message', () => {
    expect(isPhone('call me')).toBe(false);
    expect(phoneOrNull('12')).toBeNull();
    expect(PhoneSchema.safeParse('abc').error?.issues[0]?.message).toBe('Provide a valid phone number');
    expect(PhoneSchema.safeParse('').error?.issues[0]?.message).toBe('Phone is required');
  });
});

describe('numbers as people type them', () => {
  it('reads thousands separators between groups of three and a decimal point', () => {
    expect(parseTypedNumber('1,234.50')).toBe(1234.5);
    expect(parseTypedNumber("1'000")).toBe(1000);
    expect(parseTypedNumber('1 000 000')).toBe(1_000_000);
    expect(parseTypedNumber(' 12.5 ')).toBe(12.5);
    expect(parseTypedNumber(7)).toBe(7);
  });
  it('does not guess at ambiguous or empty text', () => {
    expect(parseTypedNumber('1,5')).toBeNaN();
    expect(parseTypedNumber('12,34,567')).toBeNaN();
    expect(parseTypedNumber('')).toBeNaN();
  });
  it('maps an empty form field to what the field means by empty', () => {
    expect(fromFormField(undefined)('')).toBeUndefined();
    expect(fromFormField(null)(null)).toBeNull();
    expect(fromFormField(null)(undefined)).toBeUndefined();
    expect(fromFormField(0)('1,000')).toBe(1000);
  });
  it('knows a plain number cell', () => {
    expect(isPlainNumber('-12.50')).toBe(true);
    expect(isPlainNumber('1,000')).toBe(false);
  });
});

describe('money in whole cents', () => {
  it('adds dollars without float drift', () => {
    expect(sumDollars(0.1, 0.2)).toBe(0.3);
    expect(sumDollars(19.99, 5.01, 0.33)).toBe(25.33);
  });
  it('writes cents as a plain figure', () => {
    expect(centsFigure(123_450)).toBe('1234.50');
    expect(centsFigure(-1200)).toBe('-12.00');
    expect(centsFigure(5)).toBe('0.05');
  });
  it('tells whole cents', () => {
    expect(hasWholeCents(0.07)).toBe(true);
    expect(hasWholeCents(1.005)).toBe(false);
  });
});

describe('days', () => {
  it('prints a day the same in every time zone (UTC)', () => {
    expect(formatDay('2027-01-12T00:00:00.000Z')).toBe('12 Jan 2027');
    expect(formatDay('2027-01-12')).toBe('12 Jan 2027');
    expect(formatShortDay('2027-01-12', new Date('2027-06-01'))).toBe('12 Jan');
    expect(formatShortDay('2028-01-12', new Date('2027-06-01'))).toBe('12 Jan 2028');
  });
  it('counts and adds days', () => {
    expect(isoDay(addDays(startOfDay('2026-12-31'), 1))).toBe('2027-01-01');
    expect(daysBetween(startOfDay('2026-11-28'), new Date('2026-11-29T12:00:00Z'))).toBe(2);
  });
});

describe('purchase quantity bounds', () => {
  it('are whole pieces from 1 to 10,000,000', () => {
    expect(lineQuantityProblem(1)).toBeNull();
    expect(lineQuantityProblem(0)).toBe('Quantity must be at least 1');
    expect(lineQuantityProblem(2.5)).toBe('Quantity must be a whole number of pieces.');
    expect(lineQuantityProblem(10_000_001)).toBe('Quantity must be at most 10000000');
    expect(LineQuantitySchema.safeParse(0).success).toBe(false);
  });
});

describe('price breaks', () => {
  it('round-trip through one reader and writer', () => {
    expect(formatPriceBreaks([{ minQuantity: 100, price: 4.2 }])).toBe('100:4.20');
    expect(parsePriceBreaks(' 100:4.20 ; 500:3.9 ;')).toEqual({
      tiers: [
        { minQuantity: 100, price: 4.2 },
        { minQuantity: 500, price: 3.9 },
      ],
    });
    expect(parsePriceBreaks('10-4.50')).toEqual({ bad: '10-4.50' });
  });
});
