// The catalogue's rules (docs/decisions/0220): values by type and unit, filters from the address and
// back, and inches that come back to the same millimetres.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  filtersToParams,
  formatValue,
  fromDisplay,
  parseFilters,
  parseValue,
  passes,
  toDisplay,
  type AttributeDef,
} from '../src/catalogue.ts';

const bore: AttributeDef = { key: 'bore', label: 'Bore', type: 'number', unit: 'mm', options: [] };
const mass: AttributeDef = { key: 'mass', label: 'Mass', type: 'number', unit: 'kg', options: [] };
const seal: AttributeDef = {
  key: 'seal',
  label: 'Seal',
  type: 'choice',
  unit: null,
  options: ['Open', 'ZZ', '2RS'],
};
const stainless: AttributeDef = {
  key: 'stainless',
  label: 'Stainless',
  type: 'boolean',
  unit: null,
  options: [],
};
const all = [bore, mass, seal, stainless];

describe('values', () => {
  it('takes a number in its own unit, a length in inches, an option in any case, yes/no', () => {
    expect(parseValue(bore, 20)).toEqual({ value: 20 });
    expect(parseValue(bore, '20 mm')).toEqual({ value: 20 });
    expect(parseValue(bore, '0.25 in')).toEqual({ value: 6.35 });
    expect(parseValue(bore, '0.25"')).toEqual({ value: 6.35 });
    expect(parseValue(seal, '2rs')).toEqual({ value: '2RS' });
    expect(parseValue(stainless, 'Yes')).toEqual({ value: true });
  });

  it('refuses the wrong type or unit, saying what it takes', () => {
    expect(parseValue(bore, '5 kg')).toEqual({ problem: 'Bore takes mm or in, not kg.' });
    expect(parseValue(mass, '5 in')).toEqual({ problem: 'Mass takes kg, not in.' });
    expect(parseValue(bore, 'wide')).toEqual({ problem: 'Bore is a number in mm.' });
    expect(parseValue(seal, 'Felt')).toEqual({ problem: "Seal is one of Open, ZZ, 2RS; 'Felt' is not." });
    expect(parseValue(stainless, 'maybe')).toEqual({ problem: 'Stainless is yes or no.' });
  });

  it('shows a length in mm or, where asked, in inches to the thousandth', () => {
    expect(formatValue(bore, 20)).toBe('20 mm');
    expect(formatValue(bore, 15, 'in')).toBe('0.591 in');
    expect(formatValue(mass, 1.5, 'in')).toBe('1.5 kg');
    expect(formatValue(stainless, false)).toBe('No');
  });

  it('a length shown in inches and typed back finds the same part', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), (hundredths) => {
        const mm = hundredths / 100;
        const back = fromDisplay(bore, toDisplay(bore, mm, 'in'), 'in');
        expect(passes(mm, { kind: 'range', min: back, max: back })).toBe(true);
      }),
    );
  });
});

describe('filters from the address', () => {
  it('reads ranges, several options and yes/no, and writes them back the same', () => {
    const parsed = parseFilters({ bore: '10..20', seal: 'zz,2RS', stainless: 'yes', q: 'x', page: '2' }, all);
    expect(parsed).toEqual({
      filters: {
        bore: { kind: 'range', min: 10, max: 20 },
        seal: { kind: 'options', values: ['ZZ', '2RS'] },
        stainless: { kind: 'flag', value: true },
      },
    });
    if ('filters' in parsed) {
      expect(filtersToParams(parsed.filters, all)).toEqual({
        bore: '10..20',
        seal: 'ZZ,2RS',
        stainless: 'yes',
      });
    }
    expect(parseFilters({ bore: '..0.5' }, all, 'in')).toEqual({
      filters: { bore: { kind: 'range', min: null, max: 12.7 } },
    });
  });

  it('names a filter the category has no attribute for, or a value it cannot hold', () => {
    expect(parseFilters({ thread: 'M8' }, all)).toMatchObject({ param: 'thread' });
    expect(parseFilters({ bore: 'wide' }, all)).toMatchObject({ param: 'bore' });
    expect(parseFilters({ seal: 'Felt' }, all)).toMatchObject({ param: 'seal' });
  });
});
