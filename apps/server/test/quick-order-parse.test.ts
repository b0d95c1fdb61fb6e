import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePad } from '../src/modules/quick-order/parse.ts';

/**
 * The quick-order pad reads every line by itself: a part number, then a quantity, separated by any run
 * of commas, semicolons, tabs or spaces (mixed), whatever the other lines use; blank lines, surrounding
 * whitespace and Windows or old Mac line ends change nothing.
 */

const SKU_FIRST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'.split('');
const SKU_REST = [...SKU_FIRST, '.', '_', '/', '-'];
const sku = fc
  .tuple(fc.constantFrom(...SKU_FIRST), fc.array(fc.constantFrom(...SKU_REST), { maxLength: 20 }))
  .map(([head, tail]) => head + tail.join(''));
/** One or more separators, mixed: ',', ';', a tab, spaces. */
const separator = fc
  .array(fc.constantFrom(',', ';', '\t', ' ', '  '), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(''));
const blank = fc.constantFrom('', ' ', '\t', '  \t ');
const lineEnd = fc.constantFrom('\n', '\r\n', '\r');
const quantity = fc.integer({ min: 1, max: 999_999_999 });
/** How a person writes a quantity: 1500, '1,500', '1 500', "1'500", '1500 pcs', in quotes. */
const written = (n: number, style: number) => {
  const grouped = (mark: string) => n.toLocaleString('en-US').replace(/,/g, mark);
  switch (style) {
    case 1:
      return n >= 1000 ? grouped(',') : String(n);
    case 2:
      return n >= 1000 ? grouped(' ') : String(n);
    case 3:
      return n >= 1000 ? grouped("'") : String(n);
    case 4:
      return `${n} pcs`;
    case 5:
      return `"${n}"`;
    default:
      return String(n);
  }
};

const entry = fc.record({
  sku,
  quantity,
  style: fc.integer({ min: 0, max: 5 }),
  separator,
  before: blank,
  after: blank,
  blankLinesBefore: fc.array(blank, { maxLength: 2 }),
});

describe('quick-order pad parsing', () => {
  it('reads every line with any separator, mixed, around blank lines and any line ends', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 30 }),
        lineEnd,
        fc.boolean(),
        (entries, end, bom) => {
          const rows: string[] = [];
          const expected: [number, string, number][] = [];
          for (const e of entries) {
            rows.push(...e.blankLinesBefore);
            rows.push(`${e.before}${e.sku}${e.separator}${written(e.quantity, e.style)}${e.after}`);
            expected.push([rows.length, e.sku.toUpperCase(), e.quantity]);
          }
          const text = `${bom ? '\uFEFF' : ''}${rows.join(end)}${end}`;
          expect(parsePad(text).map((line) => [line.line, line.sku, line.quantity])).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads lines whose ends differ within one text (pasted from two sources)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(sku, quantity, separator, lineEnd), { minLength: 1, maxLength: 20 }),
        (rows) => {
          const text = rows.map(([part, n, sep, end]) => `${part}${sep}${n}${end}`).join('');
          expect(parsePad(text).map((line) => [line.sku, line.quantity])).toEqual(
            rows.map(([part, n]) => [part.toUpperCase(), n]),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps a line that has no quantity, or not a whole number, with its reason left to the check', () => {
    fc.assert(
      fc.property(sku, separator, fc.constantFrom('', '1.5', 'ten', '-3', '"12'), (part, sep, bad) => {
        const [line] = parsePad(`${part}${bad === '' ? '' : sep}${bad}`);
        expect(line).toMatchObject({ line: 1, sku: part.toUpperCase(), quantity: null });
      }),
      { numRuns: 100 },
    );
  });

  it('skips a header row and ignores further spreadsheet columns', () => {
    expect(
      parsePad('"Part number";"Quantity"\r\nFL-A;10;Ball bearing\r\nFL-B,\t"2 000",note\r\n').map((line) => [
        line.line,
        line.sku,
        line.quantity,
      ]),
    ).toEqual([
      [2, 'FL-A', 10],
      [3, 'FL-B', 2000],
    ]);
  });

  it('refuses a text with no lines, and a line too long to be a part and a quantity', () => {
    for (const empty of ['', '   ', '\r\n\r\n', ' ;, \t\n'])
      expect(() => parsePad(empty)).toThrow(/Paste some lines/);
    expect(() => parsePad(`FL-A 1\nFL-B ${'9'.repeat(1200)}`)).toThrow(/^Line 2: /);
  });
});
