import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed/accounts.ts';
import { removeDir, startApp, type AppProcess } from './support/app-process.ts';
import { postgresBinDir, startCluster, type TestCluster } from './support/postgres-cluster.ts';

// What happens at start: instances racing on one new database, and demo accounts that must stop
// working once the server can be reached from elsewhere.
const bin = postgresBinDir();
const [demoAdmin] = DEMO_ACCOUNTS;

async function signInStatus(url: string, email: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe.runIf(bin)('faults: several instances starting together on a new PostgreSQL database', () => {
  let cluster: TestCluster;
  const apps: AppProcess[] = [];
  beforeAll(async () => {
    cluster = await startCluster();
  });
  afterAll(async () => {
    for (const app of apps) {
      if (app.running()) await app.stop('SIGKILL');
      removeDir(app.dataDir);
    }
    await cluster?.stop();
  });

  it('all come up: migrations, the configured admin and the demo catalogue are written once', async () => {
    const env = {
      DATABASE_URL: cluster.url,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'a-long-admin-password',
      SEED_DEMO_DATA: 'true',
    };
    const started = await Promise.allSettled([startApp(env), startApp(env), startApp(env)]);
    for (const result of started) if (result.status === 'fulfilled') apps.push(result.value);
    expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ready'))).toEqual(
      ['ready', 'ready', 'ready'],
    );
    const admins = await cluster.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE lower(email) = 'owner@example.com' AND role = 'admin'`,
    );
    expect(admins[0]?.n).toBe(1);
    const seededTwice = await cluster.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT sku FROM products GROUP BY sku HAVING count(*) > 1) AS d`,
    );
    expect(seededTwice[0]?.n).toBe(0);
    for (const app of apps) {
      expect(await signInStatus(app.url, 'owner@example.com', 'a-long-admin-password')).toBe(200);
    }
  });
});

describe('faults: demo accounts from an earlier start', () => {
  let app: AppProcess | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    if (app?.running()) await app.stop('SIGKILL');
    if (dataDir) removeDir(dataDir);
  });

  // Each start on the same data folder: the first, local one creates the demo accounts.
  const exposures: [string, Record<string, string>, string][] = [
    ['a public PUBLIC_URL', { PUBLIC_URL: 'https://shop.example.com' }, 'PUBLIC_URL is not on this machine'],
    ['a trusted proxy', { TRUST_PROXY: 'true' }, 'TRUST_PROXY=true'],
    ['production', { NODE_ENV: 'production' }, 'NODE_ENV=production'],
  ];

  it('work on a local demo start, and refuse sign-in after a start that others can reach', async () => {
    const local = { NODE_ENV: 'development', SEED_DEMO_DATA: 'true' };
    app = await startApp(local);
    dataDir = app.dataDir;
    expect(app.output()).toContain('demo accounts: on');
    expect(await signInStatus(app.url, demoAdmin.email, demoAdmin.password)).toBe(200);
    await app.stop();

    for (const [, exposure, reason] of exposures) {
      app = await startApp({ ...local, ...exposure }, dataDir);
      expect(app.output()).toContain('demo accounts: off');
      expect(app.output()).toContain(reason);
      expect(app.output()).not.toContain(demoAdmin.password);
      expect(await signInStatus(app.url, demoAdmin.email, demoAdmin.password)).toBe(403);
      await app.stop();
    }

    // Local again: they work again.
    app = await startApp(local, dataDir);
    expect(await signInStatus(app.url, demoAdmin.email, demoAdmin.password)).toBe(200);
    await app.stop();
  }, 180_000);
});
