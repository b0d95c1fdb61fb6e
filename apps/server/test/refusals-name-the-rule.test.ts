import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, requestAs, type Cast, type Method } from './support/cast.ts';
import { snapshot } from './support/data.ts';

/**
 * A value that is there but breaks a limit is refused with that limit, in words a person reads
 * (docs/decisions/0289). Before, a product photo URL of 2,049 characters was answered 'Image is required',
 * a negative expectedTotal 'expectedTotal must be a number', and a review's 501-character name 'Too big:
 * expected string to have <=500 characters'. Every write route of the OpenAPI document is walked, so a
 * new one is covered the day it is added: each field with a length or a bound gets a value just past it.
 */
type Schema = {
  type?: string;
  $ref?: string;
  enum?: unknown[];
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  maxLength?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  allOf?: Schema[];
};
type Spec = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
};

/** Bounds a person could type and still be told about; a bound at the edge of a double is no rule. */
const REAL_BOUND = 1e15;
const WRONG_RULE = /required|must be a number|expected|invalid input|too (big|small)/i;

let t: TestApp;
let cast: Cast;
let spec: Spec;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await createCast(t.app);
  spec = t.app.swagger() as Spec;
});
afterAll(() => t.close());

function resolve(schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(spec.components?.schemas?.[schema.$ref.split('/').pop() ?? '']);
  if (schema.anyOf)
    return resolve(schema.anyOf.filter((s) => !(s.enum?.length === 1 && s.enum[0] === '')).at(-1));
  if (schema.allOf) return { ...resolve(schema.allOf[0]), ...schema, allOf: undefined };
  return schema;
}

/** A value of the schema's shape (not always a valid one: the refusal looked at is the field's own). */
function sample(raw: Schema | undefined, depth = 0): unknown {
  const schema = resolve(raw);
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (schema.type) {
    case 'string':
      return schema.format === 'uuid' ? randomUUID() : 'abc123';
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 ? [] : [sample(schema.items, depth + 1)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, depth + 1)]),
      );
    default:
      return 'x';
  }
}

/** Values just past the field's stated limits. */
function pastLimits(raw: Schema): unknown[] {
  const schema = resolve(raw);
  const values: unknown[] = [];
  if (schema.type === 'string' && schema.maxLength !== undefined && !schema.enum)
    values.push('a'.repeat(schema.maxLength + 1));
  if (schema.type === 'number' || schema.type === 'integer') {
    if (schema.minimum !== undefined && Math.abs(schema.minimum) < REAL_BOUND)
      values.push(schema.exclusiveMinimum ? schema.minimum : schema.minimum - 1);
    if (schema.maximum !== undefined && Math.abs(schema.maximum) < REAL_BOUND)
      values.push(schema.maximum + 1);
  }
  return values;
}

/** Each field (and each field of a list's items) with a value past its limits: the path its refusal names. */
function mutations(body: Schema): { field: string; apply: (b: Record<string, unknown>) => void }[] {
  const out: { field: string; apply: (b: Record<string, unknown>) => void }[] = [];
  for (const [key, raw] of Object.entries(resolve(body).properties ?? {})) {
    for (const value of pastLimits(raw)) out.push({ field: key, apply: (b) => void (b[key] = value) });
    const items = resolve(resolve(raw).type === 'array' ? resolve(raw).items : undefined);
    for (const [inner, innerRaw] of Object.entries(items.properties ?? {})) {
      for (const value of pastLimits(innerRaw)) {
        out.push({
          field: `${key}.0.${inner}`,
          apply: (b) => void (b[key] = [{ ...(b[key] as Record<string, unknown>[])[0], [inner]: value }]),
        });
      }
    }
  }
  return out;
}

describe('a value past a limit is refused with that limit, in words', () => {
  it('on every write route of the API', async () => {
    const wrong: string[] = [];
    let checked = 0;
    const before = await snapshot(t.app);
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const body = operation.requestBody?.content?.['application/json']?.schema;
        if (method === 'get' || !body) continue;
        const url = path.replace(/\{\w+\}/g, () => randomUUID());
        for (const { field, apply } of mutations(body)) {
          const payload = sample(body) as Record<string, unknown>;
          apply(payload);
          const res = await requestAs(t.app, cast.admin, method.toUpperCase() as Method, url, payload);
          checked += 1;
          const said = res.json<{ details?: Record<string, string> }>().details?.[field];
          if (res.statusCode !== 400 || !said || WRONG_RULE.test(said))
            wrong.push(
              `${method.toUpperCase()} ${path} ${field} → ${res.statusCode} ${said ?? res.body.slice(0, 200)}`,
            );
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
    expect(await snapshot(t.app)).toEqual(before);
  }, 120_000);
});
