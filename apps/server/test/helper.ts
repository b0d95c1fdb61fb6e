import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { buildApp, type App } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/seed.ts';

export interface TestApp {
  app: App;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Builds the real app on its own database: in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * PostgreSQL database made for this file alone and dropped afterwards.
 */
export async function buildTestApp(
  options: { seed?: boolean; env?: Record<string, string>; logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forgeline-test-'));
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...options.env });
  const { handle, dropDatabase } = await openTestDatabase();
  const app = await buildApp({ env, database: handle, logger: options.logger ?? false });
  if (options.seed) await seedDemoData(app.db, app.images);
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openTestDatabase(): Promise<{ handle: DatabaseHandle; dropDatabase: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { handle: await openDatabase({ memory: true }), dropDatabase: async () => undefined };

  const name = `forgeline_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    handle: await openDatabase({ url: url.toString() }),
    async dropDatabase() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
