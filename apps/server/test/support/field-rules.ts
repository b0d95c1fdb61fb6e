import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { requestAs, type Cast, type Method, type Role } from './cast.ts';
import { snapshot } from './data.ts';

/** An endpoint, who calls it, a valid body, and the fields of a rule with the labels its message names. */
export interface FieldCase {
  method: Method;
  url: () => string;
  as: Role;
  body: () => Record<string, unknown>;
  fields: Record<string, string>;
  runs?: number;
}

/**
 * One test per field of each case: the field's valid value with a forbidden character somewhere inside
 * (not at either end, which is trimmed) is refused with 400 and `message(label)`, and nothing is written.
 */
export function itRefusesCharactersInside(
  env: () => { app: App; cast: Cast },
  cases: readonly FieldCase[],
  forbidden: readonly string[],
  message: (label: string) => string,
) {
  const inside = (text: string) =>
    fc
      .tuple(fc.constantFrom(...forbidden), fc.nat({ max: text.length - 2 }))
      .map(([bad, at]) => `${text.slice(0, at + 1)}${bad}${text.slice(at + 1)}`);

  for (const { method, url, as, body, fields, runs = 12 } of cases) {
    for (const [field, label] of Object.entries(fields)) {
      it(`${method} ${url().replace(/[0-9a-f-]{36}/, ':id')}: ${field}`, async () => {
        const { app, cast } = env();
        const before = await snapshot(app);
        await fc.assert(
          fc.asyncProperty(inside(String(body()[field])), async (value) => {
            const res = await requestAs(app, as === 'visitor' ? null : cast[as], method, url(), {
              ...body(),
              [field]: value,
            });
            expect(res.statusCode, res.body).toBe(400);
            expect(res.json<{ message: string }>().message).toBe(message(label));
          }),
          { numRuns: runs, endOnFailure: true },
        );
        expect(await snapshot(app)).toEqual(before);
      });
    }
  }
}
