import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SINGLE_LINE, singleLineText } from '../src/schemas/common.ts';

/** Every character that must never stand in a single-line field: controls, line and paragraph breaks, bidi overrides. */
const FORBIDDEN = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

const field = singleLineText('Address', 'Address is required', 200);
const printable = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
  .filter((text) => SINGLE_LINE.test(text) && text.trim() !== '');

describe('single-line fields', () => {
  it('refuse every forbidden character wherever it stands, naming the field', () => {
    fc.assert(
      fc.property(printable, fc.constantFrom(...FORBIDDEN), fc.nat(), (text, bad, at) => {
        const position = at % (text.length + 1);
        // Inside the text (a break at either end is trimmed away, which is what the field keeps).
        const value = `x${text.slice(0, position)}${bad}${text.slice(position)}x`;
        const result = field.safeParse(value);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(
          'Address must be one line, without line breaks or control characters',
        );
      }),
      { numRuns: 500 },
    );
  });

  it('accept any one line of printable text, from any script', () => {
    fc.assert(
      fc.property(printable, (text) => {
        expect(field.parse(text)).toBe(text.trim());
      }),
      { numRuns: 300 },
    );
    expect(field.parse('Werkstraße 4, 70173 Stuttgart — Tor 2')).toBe(
      'Werkstraße 4, 70173 Stuttgart — Tor 2',
    );
  });
});
