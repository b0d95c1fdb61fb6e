import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

/**
 * Migrates one database per run and hands it to every test file (helper.ts): a new PGlite costs an
 * initdb and every migration, about 3 s of CPU, and the suite opens one or more per file. Each test
 * still gets a database of its own, and openDatabase still runs the (then empty) migration check.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildWebAppIfMissing();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'forgeline-template-'));
  const pglite = await openDatabase({ memory: true });
  const client = (pglite.db as unknown as { $client: PGlite }).$client;
  const tarball = path.join(dir, 'pglite.tar');
  writeFileSync(tarball, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', tarball);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let dropTemplate = async () => undefined as void;
  if (adminUrl) {
    const name = `forgeline_template_${process.pid}`;
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Closed before any copy: CREATE DATABASE … TEMPLATE refuses a template that has connections.
    await (await openDatabase({ url: url.toString() })).close();
    project.provide('postgresTemplate', name);
    dropTemplate = () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }

  return async () => {
    await dropTemplate();
    rmSync(dir, { recursive: true, force: true });
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Pages are rendered by the built web app (apps/web/dist), as in production: on a fresh clone there is none
 * yet, and `npm run test:api` or `test:quick` (which skip the build step of `npm test`) would fail every test
 * of a rendered page. Vitest runs the projects' global setups one after the other, so two never build at once.
 */
function buildWebAppIfMissing(): void {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  if (existsSync(path.join(root, 'apps/web/dist/.ssr/entry-server.js'))) return;
  console.log('The web app is not built yet: running `npm run build` first (the API tests render pages).');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error('`npm run build` failed: the API tests render pages from its output.');
}
