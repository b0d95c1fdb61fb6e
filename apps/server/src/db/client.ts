import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers: everything above this file sees a PostgreSQL-dialect Drizzle database. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories take either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Any constant will do: it only has to be the same for every instance migrating the same database. */
const MIGRATION_LOCK_KEY = 7_246_001;

export type DatabaseTarget = { url: string } | { pgliteDir: string } | { memory: true };

/**
 * Opens the database and brings its schema up to date. PGlite (embedded, in a folder or in memory) by
 * default; PostgreSQL when a URL is given. Both run the same committed migrations.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection can die under us (a restart, a failover, a dropped database): without a
    // listener that error would end the process. The pool replaces the connection on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    // Several instances may start at once: one migrates while the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
    return { db: db as unknown as Database, driver: 'postgres', close: () => pool.end() };
  }

  let client: PGlite;
  if ('pgliteDir' in target) {
    // PGlite does not create its folder itself.
    mkdirSync(target.pgliteDir, { recursive: true });
    client = await PGlite.create(target.pgliteDir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, driver: 'pglite', close: () => client.close() };
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
