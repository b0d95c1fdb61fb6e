// The engineer's catalogue (docs/decisions/0220): typed attributes, their units, the filters of a
// category page and the counts behind each value. Pure functions: the server decides with them, the
// web shows with them, and they cannot disagree.

export const ATTRIBUTE_TYPES = ['number', 'choice', 'boolean'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** An attribute of a category's parts, as the catalogue reads it. */
export interface AttributeDef {
  key: string;
  label: string;
  type: AttributeType;
  /** A number's unit as stored (e.g. 'mm', 'kg', 'N'); null for choices, yes/no and bare numbers. */
  unit: string | null;
  /** A choice's values, in the order shown. */
  options: string[];
}

/** A value as stored: a number in the attribute's own unit, one of its options, or yes/no. */
export type AttributeValue = number | string | boolean;

/** The units a number attribute may be kept in. */
export const ATTRIBUTE_UNITS = ['mm', 'g', 'kg', 'N', 'kN', 'Nm', 'bar', 'rpm', 'V', 'A', 'W', '°C'] as const;

/** Millimetres in an inch: a length kept in mm shows in inches where its category offers them. */
export const MM_PER_INCH = 25.4;

/** The units a page may show lengths in. */
export const DISPLAY_UNITS = ['mm', 'in'] as const;
export type DisplayUnit = (typeof DISPLAY_UNITS)[number];

/** Query parameters of a catalogue page that are not filters; no attribute may take these names. */
export const RESERVED_PARAMS = ['q', 'page', 'unit', 'category', 'limit', 'sort'] as const;

/** An attribute's key: lower-case letters, digits and underscores, as it appears in the address. */
export const ATTRIBUTE_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

/** Whether a number attribute can show in inches (it is a length kept in millimetres). */
export const isLength = (attribute: Pick<AttributeDef, 'type' | 'unit'>) =>
  attribute.type === 'number' && attribute.unit === 'mm';

/** A number rounded to six significant decimals, so 0.25 in is 6.35 mm and back again exactly. */
export const roundValue = (value: number) => Math.round(value * 1e6) / 1e6;

/** A stored number in the unit the page shows. */
export function toDisplay(attribute: AttributeDef, value: number, unit: DisplayUnit): number {
  return isLength(attribute) && unit === 'in' ? roundValue(value / MM_PER_INCH) : value;
}

/** A number typed in the unit the page shows, as stored. */
export function fromDisplay(attribute: AttributeDef, value: number, unit: DisplayUnit): number {
  return isLength(attribute) && unit === 'in' ? roundValue(value * MM_PER_INCH) : value;
}

/** The unit a number shows with on a page ('in' for a length where the page shows inches). */
export function shownUnit(attribute: AttributeDef, unit: DisplayUnit): string | null {
  return isLength(attribute) && unit === 'in' ? 'in' : attribute.unit;
}

/** A value as a person reads it: '20 mm', '0.787 in', 'Yes'. */
export function formatValue(
  attribute: AttributeDef,
  value: AttributeValue,
  unit: DisplayUnit = 'mm',
): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  const shown = toDisplay(attribute, value, unit);
  // Inches to the thousandth, as drawings give them; other units as kept.
  const text = String(
    shownUnit(attribute, unit) === 'in' ? Number(shown.toFixed(3)) : Number(shown.toPrecision(6)),
  );
  const suffix = shownUnit(attribute, unit);
  return suffix ? `${text} ${suffix}` : text;
}

const NUMBER_WITH_UNIT = /^\s*(-?\d+(?:\.\d+)?)\s*([A-Za-zµ°%"]*)\s*$/;

/**
 * A value given for an attribute (by the admin, a CSV cell), as stored; or the reason it is refused.
 * A number takes its own unit, or inches for a length (`0.25 in`, `0.25"`); yes/no take yes, no, true,
 * false; a choice one of its options (case aside).
 */
export function parseValue(
  attribute: AttributeDef,
  raw: unknown,
): { value: AttributeValue } | { problem: string } {
  const label = attribute.label;
  if (attribute.type === 'boolean') {
    if (typeof raw === 'boolean') return { value: raw };
    const text = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
    if (['yes', 'true', 'y', '1'].includes(text)) return { value: true };
    if (['no', 'false', 'n', '0'].includes(text)) return { value: false };
    return { problem: `${label} is yes or no.` };
  }
  if (attribute.type === 'choice') {
    const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
    const option = attribute.options.find((candidate) => candidate.toLowerCase() === text.toLowerCase());
    if (option !== undefined) return { value: option };
    return { problem: `${label} is one of ${attribute.options.join(', ')}; '${text}' is not.` };
  }
  let amount: number;
  let unit = '';
  if (typeof raw === 'number') amount = raw;
  else if (typeof raw === 'string' && NUMBER_WITH_UNIT.test(raw)) {
    const [, digits, written] = NUMBER_WITH_UNIT.exec(raw)!;
    amount = Number(digits);
    unit = written ?? '';
  } else {
    return { problem: `${label} is a number${attribute.unit ? ` in ${attribute.unit}` : ''}.` };
  }
  if (!Number.isFinite(amount)) return { problem: `${label} is a number.` };
  if (unit === '' || unit === attribute.unit) return { value: roundValue(amount) };
  if (isLength(attribute) && (unit === 'in' || unit === '"')) {
    return { value: roundValue(amount * MM_PER_INCH) };
  }
  const takes = isLength(attribute) ? 'mm or in' : (attribute.unit ?? 'no unit');
  return { problem: `${label} takes ${takes}, not ${unit}.` };
}

/** One attribute's filter: a range of numbers (stored units, either end open), some options, or yes/no. */
export type Filter =
  | { kind: 'range'; min: number | null; max: number | null }
  | { kind: 'options'; values: readonly string[] }
  | { kind: 'flag'; value: boolean };

/** A page's filters by attribute key. */
export type Filters = Record<string, Filter>;

const RANGE = /^(-?\d+(?:\.\d+)?)?\.\.(-?\d+(?:\.\d+)?)?$/;

/**
 * The filters of a page's address: `bore=10..20` (either end may be left out, in the unit the page
 * shows), `seal=2RS,ZZ` (any of these), `stainless=yes`. A parameter naming no attribute of the category,
 * or a value its attribute cannot hold, is a problem naming it.
 */
export function parseFilters(
  params: Record<string, string | undefined>,
  attributes: readonly AttributeDef[],
  unit: DisplayUnit = 'mm',
): { filters: Filters } | { problem: string; param: string } {
  const filters: Filters = {};
  const byKey = new Map(attributes.map((attribute) => [attribute.key, attribute]));
  for (const [param, raw] of Object.entries(params)) {
    if ((RESERVED_PARAMS as readonly string[]).includes(param) || raw === undefined) continue;
    const attribute = byKey.get(param);
    if (!attribute) {
      return { param, problem: `There is no filter '${param}' here: this category has no such attribute.` };
    }
    if (raw === '') continue;
    if (attribute.type === 'number') {
      const match = RANGE.exec(raw.trim());
      if (!match || (match[1] === undefined && match[2] === undefined)) {
        return { param, problem: `${attribute.label} filters by a range such as 10..20, not '${raw}'.` };
      }
      const end = (text: string | undefined) =>
        text === undefined ? null : fromDisplay(attribute, Number(text), unit);
      filters[param] = { kind: 'range', min: end(match[1]), max: end(match[2]) };
    } else if (attribute.type === 'choice') {
      const values: string[] = [];
      for (const part of raw.split(',')) {
        const parsed = parseValue(attribute, part);
        if ('problem' in parsed) return { param, problem: parsed.problem };
        if (!values.includes(parsed.value as string)) values.push(parsed.value as string);
      }
      filters[param] = { kind: 'options', values };
    } else {
      const parsed = parseValue(attribute, raw);
      if ('problem' in parsed) return { param, problem: parsed.problem };
      filters[param] = { kind: 'flag', value: parsed.value as boolean };
    }
  }
  return { filters };
}

/** The address parameters of filters (the inverse of parseFilters), in the unit the page shows. */
export function filtersToParams(
  filters: Filters,
  attributes: readonly AttributeDef[],
  unit: DisplayUnit = 'mm',
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const attribute of attributes) {
    const filter = filters[attribute.key];
    if (!filter) continue;
    if (filter.kind === 'range') {
      const end = (value: number | null) => (value === null ? '' : String(toDisplay(attribute, value, unit)));
      params[attribute.key] = `${end(filter.min)}..${end(filter.max)}`;
    } else if (filter.kind === 'options') {
      if (filter.values.length > 0) params[attribute.key] = filter.values.join(',');
    } else {
      params[attribute.key] = filter.value ? 'yes' : 'no';
    }
  }
  return params;
}

/**
 * How far a number may miss a range's end and still pass: a length typed in inches (six decimals) comes
 * back to millimetres a few hundred-thousandths off.
 */
export const RANGE_TOLERANCE = 1e-4;

/** Whether a part's value passes a filter (a part without a value passes none). */
export function passes(value: AttributeValue | undefined, filter: Filter): boolean {
  if (value === undefined) return false;
  if (filter.kind === 'range') {
    return (
      typeof value === 'number' &&
      (filter.min === null || value >= filter.min - RANGE_TOLERANCE) &&
      (filter.max === null || value <= filter.max + RANGE_TOLERANCE)
    );
  }
  if (filter.kind === 'options') return typeof value === 'string' && filter.values.includes(value);
  return value === filter.value;
}

/** A part as the filters see it: its id and its values by attribute key. */
export interface FacetedPart {
  id: string;
  values: Readonly<Record<string, AttributeValue>>;
}

/** Whether a part passes every filter, but the one of `except`. */
export function passesAll(part: FacetedPart, filters: Filters, except?: string): boolean {
  return Object.entries(filters).every(([key, filter]) => key === except || passes(part.values[key], filter));
}

/** How many parts stand behind one value of an attribute. */
export interface FacetValue {
  value: AttributeValue;
  count: number;
}

/**
 * One attribute's facet: the count of parts behind each value among the parts that pass every other
 * filter (so choosing a second seal type shows what it would add), and for numbers the range they span.
 */
export interface Facet {
  key: string;
  values: FacetValue[];
  min: number | null;
  max: number | null;
}

/** The facets of `attributes` over `parts` under `filters`. Values in the options' order, or ascending. */
export function facetsOf(
  parts: readonly FacetedPart[],
  attributes: readonly AttributeDef[],
  filters: Filters,
): Facet[] {
  return attributes.map((attribute) => {
    const counts = new Map<AttributeValue, number>();
    for (const part of parts) {
      const value = part.values[attribute.key];
      if (value === undefined || !passesAll(part, filters, attribute.key)) continue;
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return facetOfCounts(
      attribute,
      [...counts].map(([value, count]) => ({ value, count })),
    );
  });
}

/**
 * One attribute's facet from the counts behind its values (however they were counted: facetsOf over parts
 * in the process, a GROUP BY in the database): values in the options' order, or ascending; a number's range.
 */
export function facetOfCounts(attribute: AttributeDef, counts: readonly FacetValue[]): Facet {
  const order = (value: AttributeValue) =>
    attribute.type === 'choice' ? attribute.options.indexOf(value as string) : Number(value);
  const values = counts.filter((entry) => entry.count > 0).sort((a, b) => order(a.value) - order(b.value));
  // A number's values are in ascending order: its range runs from the first to the last.
  const numbers = values.map((entry) => entry.value).filter((value) => typeof value === 'number');
  return { key: attribute.key, values, min: numbers[0] ?? null, max: numbers.at(-1) ?? null };
}
