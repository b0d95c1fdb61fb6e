import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/seed.ts';

// What global-setup.ts hands each test file (absent in projects without it).
declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (dumpDataDir's tarball) that each test database starts from. */
    pgliteTemplate: string | undefined;
    /** With TEST_DATABASE_URL: a migrated PostgreSQL database that each test database is copied from. */
    postgresTemplate: string | undefined;
  }
}

export interface TestApp {
  app: App;
  dataDir: string;
  /** The app's database; on PostgreSQL its URL too, so that a test can open a second instance on it. */
  handle: DatabaseHandle;
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * Builds the real app on its own database: in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * PostgreSQL database made for this file alone and dropped afterwards. Both start as a copy of the
 * database that global-setup.ts migrated once for the run, when there is one.
 */
export async function buildTestApp(
  options: { seed?: boolean; env?: Record<string, string>; logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forgeline-test-'));
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...options.env });
  const { handle, dropDatabase, databaseUrl } = await openTestDatabase();
  const app = await buildApp({ env, database: handle, logger: options.logger ?? false });
  if (options.seed) await seedDemoData(app.db, app.images);
  await app.ready();
  return {
    app,
    dataDir,
    handle,
    databaseUrl,
    async close() {
      await app.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let pgliteTemplate: Blob | undefined;

async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  dropDatabase: () => Promise<void>;
  databaseUrl?: string;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // Read once per file (a project without global-setup.ts, like web-build, migrates each database).
    const tarball = inject('pgliteTemplate');
    pgliteTemplate ??= tarball ? new Blob([readFileSync(tarball)]) : undefined;
    return {
      handle: await openDatabase({ memory: true, from: pgliteTemplate }),
      dropDatabase: async () => undefined,
    };
  }

  const name = `forgeline_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    handle: await openDatabase({ url: url.toString() }),
    databaseUrl: url.toString(),
    async dropDatabase() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
