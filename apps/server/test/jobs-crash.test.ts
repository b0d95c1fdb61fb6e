import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/client.ts';

/**
 * A job whose process dies mid-run (SIGKILL: no shutdown, no 'failed' recorded) is tried again once its
 * run expires, by the next process on the database, and makes its effect once (docs/decisions/0242).
 * On PGlite (a folder, as `npm start` uses) or, with TEST_DATABASE_URL, on PostgreSQL.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'forgeline-jobs-crash-'));
const jobLog = path.join(dir, 'runs.log');
let target = path.join(dir, 'pglite');
let dropDatabase = async () => undefined as void;

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return;
  const name = `forgeline_jobs_crash_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  target = url.toString();
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
});
afterAll(async () => {
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts a worker process; answers it once it printed 'ready', with what it printed. */
function startWorker(first: boolean): Promise<{ child: ChildProcess; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/job-worker.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      JOB_DB: target,
      JOB_LOG: jobLog,
      JOB_SEND: first ? '1' : '0',
      JOB_HANG: first ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve({ child, output });
    });
    child.on('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready: ${errors}`)));
  });
}

const runs = () => (existsSync(jobLog) ? readFileSync(jobLog, 'utf8').trim().split('\n') : []);

/** Waits until `probe` answers a value (vitest's waitFor: it retries while the probe throws). */
const until = <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeout = 60_000) =>
  vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined) throw new Error(`still waiting for ${what}`);
      return value;
    },
    { timeout, interval: 200 },
  );

describe('a job whose process is killed mid-run', () => {
  it('is tried again after the restart and makes its effect once', async () => {
    const first = await startWorker(true);
    const jobId = /sent ([0-9a-f-]{36})/.exec(first.output)?.[1];
    expect(jobId).toBeDefined();
    // The first run has begun (and hangs): kill the process under it.
    await until('the first run', () => (runs().length === 1 ? true : undefined));
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;

    const second = await startWorker(false);
    try {
      // Expired after 2 s, found by the next maintenance, tried again by this process.
      await until('the retried run', () => (runs().length >= 2 ? true : undefined));
      // Time for a wrong third run to show (there must be none).
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    } finally {
      // Stopped before the test reads the database: PGlite's folder is one process's at a time.
      const stopped = new Promise((resolve) => second.child.once('exit', resolve));
      second.child.kill('SIGTERM');
      await stopped;
    }

    // Two runs of the job, and no third: the first, killed, and its retry.
    expect(runs()).toEqual([`${jobId} 0`, `${jobId} 1`]);
    const handle = await openDatabase(/^postgres/.test(target) ? { url: target } : { pgliteDir: target });
    try {
      const effects = await handle.jobsSql.executeSql('SELECT job_id, done_by FROM job_test_effects', []);
      expect(effects.rows).toEqual([{ job_id: jobId, done_by: second.child.pid }]);
      const job = await handle.jobsSql.executeSql('SELECT state, retry_count FROM pgboss.job WHERE id = $1', [
        jobId,
      ]);
      expect(job.rows).toEqual([{ state: 'completed', retry_count: 1 }]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
