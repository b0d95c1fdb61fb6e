import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { orders, outboxMessages } from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { makeProduct, orderRow, placeOrder, stockOf } from './support/data.ts';

/**
 * The job queue (docs/decisions/0242) with two instances working it, as behind a load balancer: on
 * PostgreSQL two apps with their own connections to one database; on PGlite (one process's database)
 * two apps, each with its own pg-boss, on the one database.
 */
const JOBS_ENV = { JOBS: 'on', MAIL_RETRY_INTERVAL_MS: '1000' };
const PERIODIC = ['order-expiry', 'quote-expiry', 'terms-reminders', 'idempotency-purge', 'mail-outbox'];
let t: TestApp;
let second: App;
let customer: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ env: JOBS_ENV });
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: t.dataDir, ...JOBS_ENV });
  const database = t.databaseUrl
    ? await openDatabase({ url: t.databaseUrl })
    : { ...t.handle, close: async () => undefined }; // the first app closes the shared PGlite
  second = await buildApp({ env, database, logger: false });
  await second.ready();
  customer = await createUser(t.app, { name: 'Queue Buyer' });
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

/** Waits until `probe` answers a value (vitest's waitFor: it retries while the probe throws). */
const until = <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeout = 30_000) =>
  vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined) throw new Error(`still waiting for ${what}`);
      return value;
    },
    { timeout, interval: 250 },
  );

const jobState = async (name: string, id: string) => (await t.app.jobs.boss.getJobById(name, id))?.state;

describe('the job queue with two instances', () => {
  it('keeps one waiting run of each periodic job per database', async () => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const { rows } = await t.handle.jobsSql.executeSql(
      `SELECT name, count(*)::int AS waiting FROM pgboss.job WHERE state = 'created' AND name = ANY($1) GROUP BY name ORDER BY name`,
      [PERIODIC],
    );
    expect(rows).toEqual([...PERIODIC].sort().map((name) => ({ name, waiting: 1 })));
  });

  it('cancels an unpaid order past its window once, with one mail and the stock back once', async () => {
    const product = await makeProduct(t.app, { availableQuantity: 50 });
    const id = await placeOrder(t.app, customer, product.id, 10);
    const longAgo = new Date(Date.now() - (t.app.config.PAYMENT_WINDOW_MINUTES + 1) * 60_000);
    await t.app.db.update(orders).set({ createdAt: longAgo }).where(eq(orders.id, id));
    expect(await stockOf(t.app, product.id)).toBe(40);

    // Each instance asks for a run now: both may run the expiry at the same moment.
    const jobs = await Promise.all(
      [t.app, second].map((app, i) =>
        app.db.transaction((tx) => app.jobs.send(tx, 'order-expiry', {}, { singletonKey: `now-${i}` })),
      ),
    );
    for (const jobId of jobs) {
      expect(jobId).toBeTruthy();
      await until('the expiry run', async () =>
        (await jobState('order-expiry', jobId!)) === 'completed' ? true : undefined,
      );
    }

    expect(await orderRow(t.app, id)).toMatchObject({ status: 'cancelled', paid: false });
    expect(await stockOf(t.app, product.id)).toBe(50);
    const mails = await t.app.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.toAddress, customer.email),
          like(outboxMessages.subject, 'Order cancelled, unpaid:%'),
        ),
      );
    expect(mails).toHaveLength(1);
  }, 60_000);

  it('sends a queued mail whose first try never happened, from the queue', async () => {
    const mailId = await t.app.mailer.enqueue(t.app.db, {
      to: 'queue-reader@example.com',
      subject: 'Sent by the queue',
      text: 'No request delivered this one.',
      toUnconfirmedAddress: true,
    });
    const sent = await until('the mail', async () => {
      const [row] = await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.id, mailId));
      return row?.sentAt ?? undefined;
    });
    expect(sent).toBeInstanceOf(Date);
  }, 60_000);

  it('has a job sent in a transaction exactly when the transaction commits', async () => {
    const later = { startAfterSeconds: 3_600 };
    const kept = await t.app.db.transaction((tx) =>
      t.app.jobs.send(tx, 'idempotency-purge', {}, { singletonKey: 'committed', ...later }),
    );
    let dropped: string | null = null;
    await expect(
      t.app.db.transaction(async (tx) => {
        dropped = await t.app.jobs.send(
          tx,
          'idempotency-purge',
          {},
          { singletonKey: 'rolled-back', ...later },
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(kept).toBeTruthy();
    expect(dropped).toBeTruthy();
    expect(await jobState('idempotency-purge', kept!)).toBe('created');
    expect(await t.app.jobs.boss.getJobById('idempotency-purge', dropped!)).toBeNull();
  });
});
