import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { startSmtp, type TestSmtp } from './support/mail.ts';

let smtp: TestSmtp;
let t: TestApp;
let grace: TestUser;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}/?ignoreTLS=true` } });
  grace = await createUser(t.app, { email: 'grace@example.com', name: 'Grace', password: 'old-password-1' });
  // Sign-up mailed Grace her confirmation link (decision 0131); these tests are about the reset mails.
  await vi.waitFor(() =>
    expect(smtp.inbox.map((mail) => mail.subject)).toEqual(['Confirm your Forgeline e-mail address']),
  );
  smtp.inbox.length = 0;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const origin = () => t.app.config.publicUrl;
let address = 0;
/** Each request from its own address: these tests are about mail, not about the rate limit. */
const requestReset = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: origin() },
    remoteAddress: `198.51.100.${++address}`,
    payload: { email, redirectTo: '/resetPass' },
  });
const signIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: origin() },
    payload: { email, password },
  });

describe('password reset by e-mail', () => {
  it('limits reset requests from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: origin() },
        remoteAddress: '192.0.2.77',
        payload: { email: `someone${i}@example.com`, redirectTo: '/resetPass' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('sends a link over SMTP that resets the password once', async () => {
    const res = await requestReset(grace.email);
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.inbox).toHaveLength(1));
    const mail = smtp.inbox[0]!;
    expect(mail.to).toBe(grace.email);
    expect(mail.subject).toBe('Reset your Forgeline password');
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.pathname).toMatch(/^\/api\/auth\/reset-password\/[\w-]+$/);

    // The link leads to the SPA's reset page with the token.
    const follow = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(follow.statusCode).toBe(302);
    const landing = new URL(String(follow.headers.location), origin());
    expect(landing.pathname).toBe('/resetPass');
    const token = landing.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: origin() },
      payload: { token, newPassword: 'new-password-2' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(grace.email, 'new-password-2')).statusCode).toBe(200);
    expect((await signIn(grace.email, 'old-password-1')).statusCode).toBe(401);
    // The old sessions ended with the reset.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/userInfo?email=${grace.email}`,
          headers: grace.headers,
        })
      ).statusCode,
    ).toBe(401);

    // Used twice: the link no longer works, and the token no longer resets anything.
    const again = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(String(again.headers.location)).toContain('error=INVALID_TOKEN');
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: origin() },
      payload: { token, newPassword: 'hijacked-pass-3' },
    });
    expect(reuse.statusCode).toBe(400);
    expect((await signIn(grace.email, 'hijacked-pass-3')).statusCode).toBe(401);
  });

  it('answers the same whether or not the email exists, and sends nothing for an unknown one', async () => {
    const before = smtp.inbox.length;
    const unknown = await requestReset('nobody-here@example.com');
    const known = await requestReset(grace.email);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await vi.waitFor(() => expect(smtp.inbox.length).toBe(before + 1));
  });

  it('answers a known address as fast as an unknown one, however slow the mail server', async () => {
    const before = smtp.inbox.length;
    smtp.setDelay(1_500);
    try {
      const started = Date.now();
      expect((await requestReset(grace.email)).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
      // The mail still goes, after the answer.
      await vi.waitFor(() => expect(smtp.inbox.length).toBe(before + 1), { timeout: 5_000 });
    } finally {
      smtp.setDelay(0);
    }
  });

  it('sends a burst of mails side by side, not one after another, each once', async () => {
    const before = smtp.inbox.length;
    smtp.setDelay(300);
    try {
      smtp.takeMostInFlight();
      const ids = [];
      for (let i = 0; i < 6; i++) {
        ids.push(
          await t.app.mailer.enqueue(t.app.db, {
            to: `burst-${i}@example.com`,
            subject: `Burst ${i}`,
            text: 'x',
          }),
        );
      }
      await t.app.mailer.deliver(ids);
      expect(
        smtp.inbox
          .slice(before)
          .map((mail) => mail.subject)
          .sort(),
      ).toEqual(['Burst 0', 'Burst 1', 'Burst 2', 'Burst 3', 'Burst 4', 'Burst 5']);
      expect(smtp.takeMostInFlight()).toBeGreaterThan(1);
    } finally {
      smtp.setDelay(0);
    }
  });

  it('keeps a message the mail server refused, and sends it on the next retry', async () => {
    smtp.setAccepting(false);
    const before = smtp.inbox.length;
    const { outboxMessages } = await import('../src/db/schema/index.ts');
    expect((await requestReset(grace.email)).statusCode).toBe(200);
    // The first try, after the answer, fails and is recorded.
    await vi.waitFor(async () => {
      const rows = await t.app.db.select().from(outboxMessages);
      expect(rows.some((row) => row.sentAt === null && row.attempts === 1)).toBe(true);
    });
    expect(smtp.inbox.length).toBe(before);

    smtp.setAccepting(true);
    // Make the retry due now instead of in a minute.
    await t.app.db.update(outboxMessages).set({ nextAttemptAt: new Date(0) });
    expect(await t.app.mailer.flush()).toBe(1);
    expect(smtp.inbox.length).toBe(before + 1);
    expect(smtp.inbox.at(-1)?.subject).toBe('Reset your Forgeline password');
    expect(await t.app.mailer.flush()).toBe(0);
  });
});
