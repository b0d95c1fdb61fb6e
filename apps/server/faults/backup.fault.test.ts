import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { repoRoot } from './support/app-process.ts';
import { postgresBinDir, startCluster, type TestCluster } from './support/postgres-cluster.ts';

// The compose file's backup service runs docker/backup.sh; a backup is only one once it has been
// restored. Here: a real database, migrated and holding data, dumped by the script, restored by
// docker/restore.sh into a new database, and compared table by table.
const bin = postgresBinDir();
if (!bin) console.warn('\n*** BACKUP FAULT TESTS NOT RUN: need the PostgreSQL binaries ***\n');

describe.runIf(bin)('backups: docker/backup.sh and docker/restore.sh', () => {
  let cluster: TestCluster;
  let backups: string;

  beforeAll(async () => {
    cluster = await startCluster();
    const database = await openDatabase({ url: cluster.url }); // migrates, as the app's start does
    await database.close();
    await cluster.query(
      `INSERT INTO products (name, price_cents, min_order, available_quantity, description, image_url)
       SELECT 'Backup washer ' || n, 100 + n, 1, 1000, 'Kept across a restore: ' || n, 'https://example.com/w.webp'
       FROM generate_series(1, 50) AS n`,
    );
    backups = mkdtempSync(path.join(tmpdir(), 'forgeline-backups-'));
  });
  afterAll(async () => {
    await cluster?.stop();
    if (backups) rmSync(backups, { recursive: true, force: true });
  });

  const script = (name: string, env: Record<string, string>, args: string[] = []) =>
    spawnSync('sh', [path.join(repoRoot, 'docker', name), ...args], {
      env: { PATH: `${bin}:${process.env.PATH}`, ...env },
      encoding: 'utf8',
    });

  /** Every table of the public schema with its row count, and the products' contents. */
  async function contents(url: string) {
    const query = async (sql: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql)).rows as Record<string, unknown>[];
      } finally {
        await client.end();
      }
    };
    const tables = await query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    const counts: Record<string, unknown> = {};
    for (const { table_name: table } of tables)
      counts[String(table)] = (await query(`SELECT count(*)::int AS n FROM "${String(table)}"`))[0]!.n;
    const migrations = await query(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    const products = await query(`SELECT name, price_cents, description FROM products ORDER BY name`);
    return { counts, migrations, products };
  }

  it('takes a dump that restores into a new database with every table and row, migrations included', async () => {
    const backup = script('backup.sh', { DATABASE_URL: cluster.url, BACKUP_DIR: backups, BACKUP_ONCE: '1' });
    expect(backup.status, backup.stderr).toBe(0);
    const files = readdirSync(backups);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^forgeline-\d{8}T\d{6}\d+Z\.dump$/);
    expect(backup.stdout).toContain(`backup: ${path.join(backups, files[0]!)}`);

    await cluster.query('CREATE DATABASE restored');
    const restoredUrl = cluster.url.replace(/\/forgeline$/, '/restored');
    const restore = script('restore.sh', { DATABASE_URL: restoredUrl }, [path.join(backups, files[0]!)]);
    expect(restore.status, restore.stderr).toBe(0);
    const [original, restored] = [await contents(cluster.url), await contents(restoredUrl)];
    expect(restored).toEqual(original);
    expect(restored.products).toHaveLength(50);
  });

  it('restores over a database that changed since, back to the backup (all or nothing)', async () => {
    const [file] = readdirSync(backups);
    const restoredUrl = cluster.url.replace(/\/forgeline$/, '/restored');
    const before = await contents(restoredUrl);
    const client = new pg.Client({ connectionString: restoredUrl });
    await client.connect();
    await client.query(`DELETE FROM products WHERE name LIKE 'Backup washer 1%'`);
    await client.end();
    const restore = script('restore.sh', { DATABASE_URL: restoredUrl }, [path.join(backups, file!)]);
    expect(restore.status, restore.stderr).toBe(0);
    expect(await contents(restoredUrl)).toEqual(before);
  });

  it('keeps the BACKUP_KEEP newest dumps and leaves no partial file', () => {
    for (let i = 0; i < 3; i++) {
      const run = script('backup.sh', {
        DATABASE_URL: cluster.url,
        BACKUP_DIR: backups,
        BACKUP_ONCE: '1',
        BACKUP_KEEP: '2',
      });
      expect(run.status, run.stderr).toBe(0);
    }
    const files = readdirSync(backups).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.dump'))).toBe(true);
  });

  it('fails loudly, and keeps no file, when the database cannot be read', () => {
    const before = readdirSync(backups).sort();
    const run = script('backup.sh', {
      DATABASE_URL: cluster.url.replace(/\/forgeline$/, '/no_such_database'),
      BACKUP_DIR: backups,
      BACKUP_ONCE: '1',
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/no_such_database/);
    expect(run.stderr).toContain('backup: FAILED');
    expect(readdirSync(backups).sort()).toEqual(before);
  });
});
