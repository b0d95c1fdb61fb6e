import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { isDatabaseUnavailable } from '../lib/database-errors.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers: everything above this file sees a PostgreSQL-dialect Drizzle database. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories take either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Calls `onNotify` for each NOTIFY on `channel` (also after a lost connection comes back); answers the unsubscribe. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` while no other instance on the same database runs its own: the start-time writes (demo
   * data, the configured admin, the demo accounts) check-then-create, which two instances starting
   * together would both do. PostgreSQL: a session advisory lock; PGlite has one process anyway.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Raw SQL for the job queue (pg-boss's `db` option, docs/decisions/0242): the pool, or the PGlite client. */
  jobsSql: JobsSql;
}

/** pg-boss's database adapter: one statement with `$n` parameters, or several without parameters. */
export interface JobsSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** How long the database may take before a request gives up on it and answers 503. */
export interface DatabaseTimeouts {
  /** Opening a connection (a database that is down or unreachable). */
  connectMs: number;
  /** One statement, enforced by the server (statement_timeout) and, a little later, by the client (a hung server). */
  queryMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, queryMs: 10_000 };

type Logger = { warn(message: string): void };

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Any constant will do: it only has to be the same for every instance migrating the same database. */
const MIGRATION_LOCK_KEY = 7_246_001;
const STARTUP_WRITES_LOCK_KEY = 7_246_002;

/** Trigram indexes answer the admin's searches; PostgreSQL has the extension in its contrib package. */
const extensions = { pg_trgm };

export type DatabaseTarget =
  | { url: string; timeouts?: DatabaseTimeouts; log?: Logger }
  | { pgliteDir: string }
  // `from`: a data folder dumped by dumpDataDir, so that tests skip initdb and the migrations.
  | { memory: true; from?: Blob };

/**
 * Opens the database and brings its schema up to date. PGlite (embedded, in a folder or in memory) by
 * default; PostgreSQL when a URL is given. Both run the same committed migrations.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    const timeouts = target.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    const log = target.log ?? { warn: (message: string) => console.warn(message) };
    const pool = new ResilientPool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.queryMs,
      // A server that stopped answering (paused, network gone) never sends statement_timeout's error.
      query_timeout: timeouts.queryMs + 1_000,
      // A transaction left open by a client that vanished must not hold row locks for ever.
      idle_in_transaction_session_timeout: 60_000,
      keepAlive: true,
    });
    // A connection can die under us (a restart, a failover, a terminated backend), idle in the pool or
    // checked out between two statements of a transaction. Without a listener on both, that 'error'
    // event ends the process. The pool drops the broken connection; the next query opens a new one.
    const lost = (error: Error) => log.warn(`PostgreSQL connection lost: ${error.message}`);
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    // Several instances may start at once: one migrates while the others wait on the lock.
    const underLock = async <T>(key: number, work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        return await work(client);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
        client.release();
      }
    };
    // pg-boss's own lock does not cover creating its schema: two instances on a new database both
    // send CREATE SCHEMA pgboss, and the loser exits. So the job queue migrates under our lock too.
    await underLock(MIGRATION_LOCK_KEY, async (client) => {
      await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), { migrationsFolder });
      await migrateJobQueue({ executeSql: (text, values) => client.query(text, values) });
    });
    const jobsSql: JobsSql = { executeSql: (text, values) => pool.query(text, values) };
    const listeners: pg.Client[] = [];
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      listen: (channel, onNotify) => listenOnPostgres(target.url, channel, onNotify, log, listeners),
      exclusive: (work) => underLock(STARTUP_WRITES_LOCK_KEY, work),
      jobsSql,
      close: async () => {
        await Promise.all(listeners.map((client) => client.end().catch(() => undefined)));
        await pool.end();
      },
    };
  }

  let client: PGlite;
  if ('pgliteDir' in target) {
    // PGlite does not create its folder itself.
    mkdirSync(target.pgliteDir, { recursive: true });
    client = await PGlite.create(target.pgliteDir, { extensions });
  } else {
    client = await PGlite.create({ extensions, loadDataDir: target.from });
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  const jobsSql: JobsSql = {
    // PGlite's query() takes one statement; pg-boss sends its migrations as one script without
    // parameters, which exec() runs (its last statement's rows are the answer).
    executeSql: async (text, values) =>
      values && values.length > 0
        ? await client.query<Record<string, unknown>>(text, values)
        : (((await client.exec(text)).at(-1) as { rows: Record<string, unknown>[] } | undefined) ?? {
            rows: [],
          }),
  };
  await migrateJobQueue(jobsSql);
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    exclusive: (work) => work(),
    jobsSql,
    close: () => client.close(),
  };
}

/**
 * Creates or updates the job queue's own tables (schema `pgboss`, docs/decisions/0242) with pg-boss's
 * migrations, after ours: pg-boss keeps its schema version itself (on PostgreSQL under our migration lock,
 * so that instances starting together migrate it once). Here rather than at the queue's start, so that a database
 * opened is a database complete (the tests' template database includes it).
 */
async function migrateJobQueue(jobsSql: JobsSql): Promise<void> {
  const boss = new PgBoss({
    db: jobsSql,
    schema: 'pgboss',
    migrate: true,
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
}

/**
 * A pool whose checked-out connections give themselves back when they break. Drizzle's transaction
 * sends BEGIN before its try/finally: a connection lost (or timed out) on BEGIN would never be
 * released, and a few of those exhaust the pool for good. So a connection whose query fails because
 * the database is away is released at once (and destroyed); releasing it again is harmless.
 */
class ResilientPool extends pg.Pool {
  private static readonly wrapped = new WeakSet<pg.PoolClient>();

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(callback?: Parameters<pg.Pool['connect']>[0]): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      client.release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        release(error);
      };
      // Once per connection: the pool hands the same client out again and again, and wrapping it at
      // each checkout nested one more wrapper (and one more promise) into every later query of it.
      if (!ResilientPool.wrapped.has(client)) {
        ResilientPool.wrapped.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as { query: unknown }).query = (...args: unknown[]) => {
          const result = query(...args);
          if (!(result instanceof Promise)) return result;
          return result.catch((error: unknown) => {
            // The release of the current checkout (the pool sets a new one at each).
            if (isDatabaseUnavailable(error)) client.release(error as Error);
            throw error;
          });
        };
      }
      return client;
    });
  }
}

/**
 * LISTEN needs a connection of its own, outside the pool. When it is lost it is opened again (every
 * 2 s until it works), and `onNotify` is called once it is back: whatever was announced meanwhile
 * was missed, so the listener must assume something changed.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
  log: Logger,
  registry: pg.Client[],
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (reconnecting: boolean) => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    const reopen = (error?: Error) => {
      if (stopped || current !== client) return;
      current = undefined;
      registry.splice(registry.indexOf(client), 1);
      if (error) log.warn(`LISTEN ${channel}: connection lost (${error.message}); reconnecting`);
      client.end().catch(() => undefined);
      retry = setTimeout(() => void connect(true), 2_000);
      retry.unref();
    };
    client.on('error', reopen);
    client.on('end', () => reopen(new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    current = client;
    registry.push(client);
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (reconnecting) onNotify();
    } catch (error) {
      if (!reconnecting) {
        current = undefined;
        registry.splice(registry.indexOf(client), 1);
        await client.end().catch(() => undefined);
        throw error;
      }
      reopen(error as Error);
    }
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    if (client) {
      registry.splice(registry.indexOf(client), 1);
      await client.end().catch(() => undefined);
    }
  };
}

/** True when the database answers a trivial query within `timeoutMs`. */
/** Announces a change on a LISTEN/NOTIFY channel (every instance's listen() hears it, this one's too). */
export async function notify(db: Executor, channel: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, '')`);
}

export async function pingDatabase(db: Database, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timedOut]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Migrations in the repository that the database has not applied yet (another instance may be newer). */
export async function pendingMigrations(db: Database): Promise<number> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const result = await db.execute<{ applied: number }>(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  const applied = Number((result as unknown as { rows: { applied: number }[] }).rows[0]?.applied ?? 0);
  return Math.max(0, journal.entries.length - applied);
}
