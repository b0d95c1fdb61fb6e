import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort();

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(folder, file), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

/**
 * The migration that made companies (docs/decisions/0215): a database as it was before it, with a
 * customer on payment terms and one without, migrated; the customer on terms is a company of one.
 */
describe('migration 0026: per-person payment terms become a company of one', () => {
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    const before = files.filter((name) => name < '0026');
    for (const file of before) await apply(db, file);
    await db.exec(`
      insert into users (id, name, email) values ('u-terms', 'Tess Terms', 'tess@example.com'),
        ('u-card', 'Carl Card', 'carl@example.com');
      insert into user_profiles (user_id, address) values ('u-terms', '3 Mill Road, Derby');
      insert into payment_terms (user_id, terms_days, credit_limit_cents, updated_by)
        values ('u-terms', 60, 250000, 'admin-1');
      insert into products (id, name, price_cents, min_order, available_quantity, description, image_url)
        values ('00000000-0000-4000-8000-000000000001', 'Bolt', 100, 1, 10, 'A bolt', '/x.webp');
      insert into checkouts (id, user_id, customer_name, customer_email, address, phone, total_cents, line_count,
          payment_method, terms_days, due_at)
        values ('00000000-0000-4000-8000-0000000000c1', 'u-terms', 'Tess Terms', 'tess@example.com', 'Derby', '+44 1332 000000',
          500, 1, 'invoice', 60, now() + interval '60 days');
      insert into orders (user_id, product_id, customer_name, customer_email, product_name, price_cents, quantity,
          total_cents, address, phone, checkout_id, due_at)
        values ('u-terms', '00000000-0000-4000-8000-000000000001', 'Tess Terms', 'tess@example.com', 'Bolt', 100, 5, 500,
          'Derby', '+44 1332 000000', '00000000-0000-4000-8000-0000000000c1', now() + interval '60 days'),
          ('u-card', '00000000-0000-4000-8000-000000000001', 'Carl Card', 'carl@example.com', 'Bolt', 100, 1, 100,
          'Leeds', '+44 113 000000', null, null);
    `);
    for (const file of files.filter((name) => name >= '0026')) await apply(db, file);
  });
  afterAll(() => db.close());

  it('makes each customer on terms the admin of a company with their terms, credit line and orders', async () => {
    const { rows: companies } = await db.query<Record<string, unknown>>(
      'select name, billing_address, terms_days, credit_limit_cents, terms_updated_by from companies',
    );
    expect(companies).toEqual([
      {
        name: 'Tess Terms',
        billing_address: '3 Mill Road, Derby',
        terms_days: 60,
        credit_limit_cents: 250000,
        terms_updated_by: 'admin-1',
      },
    ]);
    const { rows: members } = await db.query<{ user_id: string; role: string }>(
      'select user_id, role from company_members',
    );
    expect(members).toEqual([{ user_id: 'u-terms', role: 'admin' }]);
    const { rows: orders } = await db.query<{ user_id: string; has_company: boolean }>(
      'select user_id, company_id is not null as has_company from orders order by user_id',
    );
    expect(orders).toEqual([
      { user_id: 'u-card', has_company: false },
      { user_id: 'u-terms', has_company: true },
    ]);
    const { rows: checkouts } = await db.query<{ has_company: boolean }>(
      'select company_id is not null as has_company from checkouts',
    );
    expect(checkouts).toEqual([{ has_company: true }]);
    const { rows: gone } = await db.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_name in ('payment_terms', 'company_migration')",
    );
    expect(gone[0]?.n).toBe(0);
  });
});
