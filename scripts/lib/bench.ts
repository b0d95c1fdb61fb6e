// What a section of `npm run bench` is, and the PostgreSQL database the sections that need one share.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../../apps/server/src/app.ts';
import { parseEnv } from '../../apps/server/src/config/env.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { products } from '../../apps/server/src/db/schema/index.ts';

/**
 * One measured figure, printed next to its target and the baseline measured in the same run (the same
 * work with nothing of ours in between: a bare server, a bare SQL statement).
 */
export type Figure = {
  name: string;
  value: number;
  unit: string;
  /** e.g. '≥ 300' or '≤ 30'; with `met` saying whether `value` meets it. */
  target?: string;
  met?: boolean;
  baseline?: { name: string; value: number };
  /** Anything the figure depends on (a check that held, a count). */
  note?: string;
};

/** A file in scripts/bench/ exports one of these as default; `npm run bench -- NAME` runs only that one. */
export type BenchSection = { title: string; run(): Promise<Figure[]> };

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** The 95th percentile of times in ms, to one decimal, as the latency figures print it. */
export const p95Ms = (times: number[]) => Number(percentile(times, 95).toFixed(1));

/**
 * A latency figure: the p95 of `times` in ms, against `targetMs` when there is one, its note led by
 * the p50 (every latency section prints the same four things).
 */
export function p95Figure(
  name: string,
  times: number[],
  { targetMs, baseline, note }: { targetMs?: number; baseline?: Figure['baseline']; note?: string },
): Figure {
  const p95 = percentile(times, 95);
  const p50 = `p50 ${percentile(times, 50).toFixed(1)} ms`;
  return {
    name,
    value: Number(p95.toFixed(1)),
    unit: 'ms',
    ...(targetMs !== undefined && { target: `≤ ${targetMs}`, met: p95 <= targetMs }),
    ...(baseline && { baseline }),
    note: note ? `${p50}; ${note}` : p50,
  };
}

/** PostgreSQL to create bench databases in: BENCH_DATABASE_URL, or the local server (trust auth). */
const adminUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type BenchApp = { app: App; url: string; close(): Promise<void> };

/**
 * The real app (buildApp, migrations and all) on a new PostgreSQL database made for this section and
 * dropped afterwards. Logging off; mail into a temporary outbox.
 */
export async function benchAppOnPostgres(name: string): Promise<BenchApp> {
  const database = `forgeline_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forgeline-bench-'));
  const handle = await openDatabase({ url: url.toString() });
  const env = parseEnv({ NODE_ENV: 'production', PAYMENTS: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await buildApp({ env, database: handle, logger: false });
  await app.ready();
  return {
    app,
    url: url.toString(),
    async close() {
      await app.close(); // closes the database too
      rmSync(dataDir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * The baselines' transaction, bare: `work` runs between BEGIN and COMMIT on one pooled client; answering
 * false (a refusal) or throwing rolls it back. Answers whether it committed.
 */
export async function bareTransaction(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<boolean>,
): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const commit = await work(client);
    await client.query(commit ? 'COMMIT' : 'ROLLBACK');
    return commit;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** `count` parts named '<prefix> part <i>' at $1.25, minimum 1, each with the stock `stockOf(i)`; answers their rows. */
export const insertBenchParts = (app: App, prefix: string, count: number, stockOf: (i: number) => number) =>
  app.db
    .insert(products)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `${prefix} part ${i}`,
        priceCents: 125,
        minOrder: 1,
        availableQuantity: stockOf(i),
        description: 'Bench part',
        imageUrl: '/uploads/bench.webp',
      })),
    )
    .returning();
