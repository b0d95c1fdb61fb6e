import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../src/db/schema/index.ts';
import { createMailer, IN_DOUBT } from '../src/plugins/app/mail.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { startSmtp, type TestSmtp } from './support/mail.ts';

/**
 * Which instance may take a queued mail (decision 0185): one that cannot deliver it (no SMTP) never takes
 * another instance's mail, and a mail handed to the mail server just before its sender stopped is not
 * sent a second time.
 */
let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  [t, smtp] = await Promise.all([buildTestApp(), startSmtp()]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const quiet = { info: () => undefined, warn: () => undefined };
/** An instance on the test's database, as another process on the same PostgreSQL would be. */
function instance(options: { smtpUrl?: string; production?: boolean; sharedDatabase?: boolean }) {
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'forgeline-outbox-'));
  const mailer = createMailer({
    db: t.app.db,
    from: 'shop@forgeline.local',
    outboxDir,
    log: quiet,
    ...options,
  });
  return { mailer, files: () => readdirSync(outboxDir) };
}
const smtpUrl = () => `smtp://127.0.0.1:${smtp.port}/?ignoreTLS=true`;
const row = async (id: string) =>
  (await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
let n = 0;
const message = () => ({ to: `buyer-${++n}@example.com`, subject: `Order received ${n}`, text: 'Pay here' });

describe('an instance that cannot send mail', () => {
  it('in production without SMTP_URL is off: it queues its mails and takes none, its own or others', async () => {
    const off = instance({ production: true, sharedDatabase: true });
    const other = instance({ sharedDatabase: true });
    expect(off.mailer.mode).toBe('off');
    const mine = await off.mailer.enqueue(t.app.db, message());
    const theirs = await other.mailer.enqueue(t.app.db, message());
    await off.mailer.deliver([mine, theirs]);
    expect(await off.mailer.flush()).toBe(0);
    expect(off.files()).toEqual([]);
    expect((await row(mine)).sentAt).toBeNull();
    expect((await row(theirs)).sentAt).toBeNull();
    // An instance that can send takes both: the buyer gets the payment link.
    const sender = instance({ smtpUrl: smtpUrl(), sharedDatabase: true });
    await sender.mailer.deliver([mine, theirs]);
    expect((await row(mine)).sentAt).not.toBeNull();
    expect((await row(theirs)).sentAt).not.toBeNull();
    const received = smtp.inbox.map((mail) => mail.subject);
    expect(received).toContain((await row(mine)).subject);
    expect(received).toContain((await row(theirs)).subject);
  });

  it('writing files on a shared database takes only the mails it queued itself', async () => {
    const a = instance({ sharedDatabase: true });
    const b = instance({ sharedDatabase: true });
    expect(a.mailer.mode).toBe('files');
    const fromB = await b.mailer.enqueue(t.app.db, message());
    const fromA = await a.mailer.enqueue(t.app.db, message());
    // A's retry loop and a deliver naming B's mail: neither takes it.
    await a.mailer.deliver([fromB]);
    expect(await a.mailer.flush()).toBe(1);
    expect(a.files()).toHaveLength(1);
    expect(a.files()[0]).toContain(fromA);
    expect((await row(fromB)).sentAt).toBeNull();
    // B sends its own.
    expect(await b.mailer.flush()).toBe(1);
    expect(b.files()[0]).toContain(fromB);
  });

  it('writing files on the embedded database (no other instance can open it) takes any due mail', async () => {
    const earlier = instance({});
    const id = await earlier.mailer.enqueue(t.app.db, message());
    const restarted = instance({});
    expect(await restarted.mailer.flush()).toBeGreaterThanOrEqual(1);
    expect((await row(id)).sentAt).not.toBeNull();
  });
});

describe('a mail handed to the mail server just before its sender stopped', () => {
  it('is recorded as being handed over before the mail server has it', async () => {
    const sender = instance({ smtpUrl: smtpUrl() });
    const id = await sender.mailer.enqueue(t.app.db, message());
    smtp.setDelay(1_500);
    smtp.takeMostInFlight(); // counts from now
    try {
      const delivery = sender.mailer.deliver([id]);
      await expect.poll(() => smtp.takeMostInFlight(), { timeout: 5_000 }).toBe(1);
      const during = await row(id);
      expect(during.sendingSince).not.toBeNull();
      expect(during.sentAt).toBeNull();
      await delivery;
    } finally {
      smtp.setDelay(0);
    }
    expect((await row(id)).sentAt).not.toBeNull();
  });

  it('is not sent again once the lease is over, and says why in the outbox', async () => {
    const sender = instance({ smtpUrl: smtpUrl() });
    const id = await sender.mailer.enqueue(t.app.db, message());
    // Its sender began handing it over three minutes ago, then the process was gone.
    await t.app.db
      .update(outboxMessages)
      .set({ sendingSince: new Date(Date.now() - 3 * 60_000), nextAttemptAt: new Date(Date.now() - 60_000) })
      .where(eq(outboxMessages.id, id));
    const before = smtp.inbox.length;
    await sender.mailer.flush();
    await instance({ smtpUrl: smtpUrl() }).mailer.deliver([id]);
    expect(smtp.inbox.length).toBe(before);
    expect(await row(id)).toMatchObject({ sentAt: null, lastError: IN_DOUBT });
  });

  it('that the mail server refused is tried again later: a refusal is known, not in doubt', async () => {
    const sender = instance({ smtpUrl: smtpUrl() });
    const id = await sender.mailer.enqueue(t.app.db, message());
    smtp.setAccepting(false);
    try {
      await sender.mailer.deliver([id]);
    } finally {
      smtp.setAccepting(true);
    }
    const refused = await row(id);
    expect(refused).toMatchObject({ sentAt: null, sendingSince: null, attempts: 1 });
    expect(refused.lastError).toMatch(/mailbox busy/);
    await t.app.db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
      .where(eq(outboxMessages.id, id));
    await sender.mailer.flush();
    expect((await row(id)).sentAt).not.toBeNull();
  });
});

describe('readiness', () => {
  it('says when production has no mail settings, and keeps serving', async () => {
    const production = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        PAYMENTS: 'test',
        PUBLIC_URL: 'https://shop.example.com',
      },
    });
    try {
      const res = await production.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', mail: 'off' });
    } finally {
      await production.close();
    }
  });
});
