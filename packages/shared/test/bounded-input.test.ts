import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../src/index.ts';

/**
 * Every text a client sends has a maximum: each request schema is walked, and every
 * string or array in it must carry a length limit, so no field lets one request cost unbounded work.
 */
const requestSchemas = Object.entries(shared).filter(
  ([name, value]) => /(Body|Query|Params)Schema$/.test(name) && value instanceof z.ZodType,
) as [string, z.ZodType][];

/** The paths of strings and arrays without a maximum length, inside a schema. */
function unbounded(schema: z.ZodType, path: string, seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const checks = (def.checks ?? []) as { _zod: { def: { check: string } } }[];
  const hasMax = checks.some((check) => ['max_length', 'length_equals'].includes(check._zod.def.check));
  const inner = (key: string) => def[key] as z.ZodType;
  switch (def.type) {
    case 'string':
      return hasMax || (schema as z.ZodString).format === 'uuid' ? [] : [path];
    case 'array':
      return [...(hasMax ? [] : [`${path}[]`]), ...unbounded(inner('element'), `${path}[]`, seen)];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
        unbounded(value, `${path}.${key}`, seen),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return unbounded(inner('innerType'), path, seen);
    case 'pipe':
      return unbounded(inner('in'), path, seen);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => unbounded(option, path, seen));
    case 'lazy':
      return unbounded((def.getter as () => z.ZodType)(), path, seen);
    default:
      return [];
  }
}

/** Bounded elsewhere, with a better answer than the schema's 400. */
const BOUNDED_ELSEWHERE = new Set([
  // In bytes, before any parsing, with 413 and the limits in words (quick-order/parse.ts).
  'QuickOrderCheckBodySchema.text',
]);

describe('request schemas', () => {
  it('finds the request schemas', () => {
    expect(requestSchemas.length).toBeGreaterThan(15);
  });

  it.each(requestSchemas)('%s bounds every string and array', (name, schema) => {
    expect(unbounded(schema, name).filter((path) => !BOUNDED_ELSEWHERE.has(path))).toEqual([]);
  });
});
