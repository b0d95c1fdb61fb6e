import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isLoopbackHost, parseEnv } from '../src/config/env.ts';
import {
  DEMO_ACCOUNTS,
  ensureConfiguredAdmin,
  seedDemoAccounts,
  setDemoAccountsUsable,
} from '../src/db/seed/accounts.ts';
import { outboxMessages, sessions, users, verifications } from '../src/db/schema/index.ts';
import { createUser, sessionCookie } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { makeProduct, orderBody, snapshot } from './support/data.ts';
import { NOT_CONFIRMED } from '../src/plugins/app/mail.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const origin = () => t.app.config.publicUrl;
let address = 0;
/** Each call from its own address: these tests are about identity, not about the rate limits. */
const auth = (path: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/${path}`,
    headers: { origin: origin(), ...headers },
    remoteAddress: `198.51.100.${++address % 250}`,
    payload,
  });
const signIn = (email: string, password: string) => auth('sign-in/email', { email, password });
const sessionsOf = async (userId: string) =>
  (await t.app.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const userRow = async (email: string) =>
  (await t.app.db.select().from(users).where(eq(users.email, email)))[0];
const outbox = () => t.app.db.select().from(outboxMessages).orderBy(asc(outboxMessages.createdAt));
const mailsTo = async (email: string) =>
  (await outbox()).filter((row) => row.toAddress === email).map((row) => row.subject);
const resetLinksOf = async (userId: string) =>
  (await t.app.db.select().from(verifications).where(eq(verifications.value, userId))).filter((v) =>
    v.identifier.startsWith('reset-password:'),
  ).length;

describe('the configured admin is the operator’s (item 2, record 0130)', () => {
  it('an account someone signed up with ADMIN_EMAIL first gets ADMIN_PASSWORD and loses every session', async () => {
    const squatter = await createUser(t.app, { email: 'ops@operator.example', password: 'squatter-pw-1' });
    await signIn(squatter.email, 'squatter-pw-1');
    await auth('request-password-reset', { email: squatter.email, redirectTo: '/resetPass' });
    expect(await sessionsOf(squatter.id)).toBe(2);
    expect(await resetLinksOf(squatter.id)).toBe(1);

    expect(await ensureConfiguredAdmin(t.app.db, t.app.auth, squatter.email, 'operator-pw-2')).toBe(
      'password-set',
    );

    const row = await userRow(squatter.email);
    expect(row?.role).toBe('admin');
    expect(row?.emailVerified).toBe(true);
    expect(await sessionsOf(squatter.id)).toBe(0);
    expect(await resetLinksOf(squatter.id)).toBe(0);
    // The squatter's password, session and access token are all gone; the operator's password works.
    expect((await signIn(squatter.email, 'squatter-pw-1')).statusCode).toBe(401);
    const withToken = await t.app.inject({ method: 'GET', url: '/api/users', headers: squatter.headers });
    expect(withToken.statusCode).toBe(401);
    expect((await signIn(squatter.email, 'operator-pw-2')).statusCode).toBe(200);
  });

  it('a restart with the same password changes nothing and ends no session', async () => {
    const email = 'ops@operator.example';
    const id = (await userRow(email))!.id;
    const before = await sessionsOf(id);
    expect(before).toBeGreaterThan(0);
    expect(await ensureConfiguredAdmin(t.app.db, t.app.auth, email, 'operator-pw-2')).toBe('unchanged');
    expect(await sessionsOf(id)).toBe(before);
  });

  it('a new address is created as a verified admin', async () => {
    expect(
      await ensureConfiguredAdmin(t.app.db, t.app.auth, 'new-ops@operator.example', 'operator-pw-3'),
    ).toBe('created');
    expect(await userRow('new-ops@operator.example')).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await signIn('new-ops@operator.example', 'operator-pw-3')).statusCode).toBe(200);
    // The operator vouched for the address: no link asks them to confirm an account "opened" with it.
    expect(await mailsTo('new-ops@operator.example')).toEqual([]);
  });
});

/** Everything a refused call must leave as it was: the API's data, sessions, reset links and the outbox. */
const state = async () => ({
  data: await snapshot(t.app),
  sessions: (await t.app.db.select().from(sessions)).map((row) => row.id).sort(),
  verifications: (await t.app.db.select().from(verifications)).map((row) => row.id).sort(),
  outbox: (await outbox()).length,
});
async function expectRefused(call: () => Promise<{ statusCode: number; json(): unknown }>, message: RegExp) {
  const before = await state();
  const res = await call();
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ message: expect.stringMatching(message) });
  expect(await state()).toEqual(before);
}

/** The reset token of the newest reset mail to `email`, as the link in it carries it. */
async function lastResetToken(email: string): Promise<string> {
  const mail = (await outbox()).filter((m) => m.toAddress === email).at(-1);
  const token = /reset-password\/([\w-]+)/.exec(mail?.textBody ?? '')?.[1];
  if (!token) throw new Error(`no reset link for ${email}`);
  return token;
}

describe('sessions end when the secret changes (item 3)', () => {
  it('a password change ends every other session and access token, whatever the client asks', async () => {
    const user = await createUser(t.app, { password: 'first-secret-1' });
    const other = sessionCookie((await signIn(user.email, 'first-secret-1')).headers['set-cookie']);
    await auth('request-password-reset', { email: user.email, redirectTo: '/resetPass' });
    expect(await sessionsOf(user.id)).toBe(2);
    expect(await resetLinksOf(user.id)).toBe(1);

    const change = await auth(
      'change-password',
      { currentPassword: 'first-secret-1', newPassword: 'second-secret-2', revokeOtherSessions: false },
      { cookie: user.cookie },
    );
    expect(change.statusCode).toBe(200);
    // One new session for the caller; the other session, the old one's access token and the link are dead.
    expect(await sessionsOf(user.id)).toBe(1);
    expect(await resetLinksOf(user.id)).toBe(0);
    const viaOther = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: other },
    });
    expect(viaOther.json()).toBeNull();
    const viaToken = await t.app.inject({
      method: 'GET',
      url: `/api/userInfo?email=${user.email}`,
      headers: user.headers,
    });
    expect(viaToken.statusCode).toBe(401);
    const fresh = sessionCookie(change.headers['set-cookie']);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: fresh },
    });
    expect(mine.json()).toMatchObject({ user: { email: user.email } });
  });

  it('a successful reset voids every other reset link still out', async () => {
    const user = await createUser(t.app, { password: 'first-secret-1' });
    await auth('request-password-reset', { email: user.email, redirectTo: '/resetPass' });
    const first = await lastResetToken(user.email);
    await auth('request-password-reset', { email: user.email, redirectTo: '/resetPass' });
    const second = await lastResetToken(user.email);
    expect(second).not.toBe(first);

    expect((await auth('reset-password', { token: second, newPassword: 'second-secret-2' })).statusCode).toBe(
      200,
    );
    const stale = await auth('reset-password', { token: first, newPassword: 'third-secret-3' });
    expect(stale.statusCode).toBe(400);
    expect((await signIn(user.email, 'third-secret-3')).statusCode).toBe(401);
    expect((await signIn(user.email, 'second-secret-2')).statusCode).toBe(200);
    expect(await resetLinksOf(user.id)).toBe(0);
  });
});

describe('text a user types stays small and plain (item 4)', () => {
  const signUp = (name: string, extra: object = {}) =>
    auth('sign-up/email', {
      name,
      email: `plain-${++address}@example.com`,
      password: 'good-secret-1',
      ...extra,
    });

  it('refuses a long, multi-line, marked-up or linking name at sign-up, creating nothing', async () => {
    await expectRefused(() => signUp('N'.repeat(101)), /100 characters or fewer/);
    await expectRefused(() => signUp('Ann\nClick here'), /one line of plain text/);
    await expectRefused(() => signUp('Ann\u202eevil'), /one line of plain text/);
    await expectRefused(() => signUp('<b>Ann</b>'), /one line of plain text/);
    await expectRefused(() => signUp('Claim your refund at https://evil.example'), /web address/);
    await expectRefused(() => signUp('Visit www.evil.example'), /web address/);
    await expectRefused(() => signUp(' '), /^Name is required$/);
    expect((await signUp('Ann O’Neil-Smith')).statusCode).toBe(200);
  });

  it('bounds every text in every identity request, whatever the endpoint', async () => {
    const huge = 'x'.repeat(8193);
    await expectRefused(() => signIn('someone@example.com', huge), /8192 characters or fewer/);
    await expectRefused(
      () => auth('request-password-reset', { email: 'a@example.com', redirectTo: huge }),
      /8192/,
    );
    await expectRefused(() => auth('reset-password', { token: huge, newPassword: 'good-secret-1' }), /8192/);
    await expectRefused(
      () =>
        auth('sign-up/email', {
          name: 'Al',
          email: 'al@example.com',
          password: 'good-secret-1',
          callbackURL: huge,
        }),
      /8192/,
    );
  });

  it('refuses the same on a profile update, leaving the name as it was', async () => {
    const user = await createUser(t.app, { name: 'Plain Name' });
    const update = (payload: object) => () => auth('update-user', payload, { cookie: user.cookie });
    await expectRefused(update({ name: 'x'.repeat(101) }), /100 characters or fewer/);
    await expectRefused(update({ name: 'Line one\r\nLine two' }), /one line of plain text/);
    await expectRefused(update({ name: 'see http://evil.example/x' }), /web address/);
    expect((await userRow(user.email))?.name).toBe('Plain Name');
    expect((await auth('update-user', { name: 'New Name' }, { cookie: user.cookie })).statusCode).toBe(200);
    expect((await userRow(user.email))?.name).toBe('New Name');
  });

  it('mails a reset link without anything the account holder typed', async () => {
    const user = await createUser(t.app, { name: 'Pay now at evil dot example' });
    await auth('request-password-reset', { email: user.email, redirectTo: '/resetPass' });
    const mail = (await outbox()).filter((m) => m.toAddress === user.email).at(-1);
    expect(mail?.textBody).toMatch(/^Hello,/);
    expect(mail?.textBody).not.toContain('evil');
  });
});

describe('safe by default (item 9)', () => {
  it('refuses the most common passwords at sign-up, reset and change, keeping the 6-character rule', async () => {
    await expectRefused(
      () => auth('sign-up/email', { name: 'Pat', email: 'pat@example.com', password: 'Password1' }),
      /most common ones/,
    );
    const short = await auth('sign-up/email', { name: 'Pat', email: 'pat@example.com', password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'Must be 6 caracters or longer' });

    const user = await createUser(t.app, { password: 'first-secret-1' });
    await expectRefused(
      () =>
        auth(
          'change-password',
          { currentPassword: 'first-secret-1', newPassword: 'qwerty123' },
          { cookie: user.cookie },
        ),
      /most common ones/,
    );
    await auth('request-password-reset', { email: user.email, redirectTo: '/resetPass' });
    const token = await lastResetToken(user.email);
    await expectRefused(() => auth('reset-password', { token, newPassword: 'iloveyou' }), /most common ones/);
    expect((await signIn(user.email, 'first-secret-1')).statusCode).toBe(200);
  });

  it('listens on loopback unless HOST says otherwise', () => {
    expect(parseEnv({}).HOST).toBe('127.0.0.1');
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(['127.0.0.1', '127.1.2.3', '::1', 'localhost'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '192.0.2.10', '127.0.0.1.example.com'].some(isLoopbackHost)).toBe(false);
  });

  it('switches the demo accounts off while the server is reachable from other machines', async () => {
    await seedDemoAccounts(t.app.db, t.app.auth);
    const [demoAdmin] = DEMO_ACCOUNTS;
    const signedIn = await signIn(demoAdmin.email, demoAdmin.password);
    expect(signedIn.statusCode).toBe(200);
    const id = (await userRow(demoAdmin.email))!.id;
    // Confirmed, so that a demo shows the order and quote mails (decision 0131), and asked to confirm
    // nothing: the demo's outbox starts empty.
    for (const account of DEMO_ACCOUNTS) {
      expect((await userRow(account.email))?.emailVerified).toBe(true);
      expect(await mailsTo(account.email)).toEqual([]);
    }

    await setDemoAccountsUsable(t.app.db, false);
    expect(await sessionsOf(id)).toBe(0);
    const refused = await signIn(demoAdmin.email, demoAdmin.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/nobody but this machine/) });
    expect(await sessionsOf(id)).toBe(0);

    await setDemoAccountsUsable(t.app.db, true);
    expect((await signIn(demoAdmin.email, demoAdmin.password)).statusCode).toBe(200);
  });

  it('takes no photo URL from elsewhere: not at sign-up, not on update, not from Google', async () => {
    await expectRefused(
      () =>
        auth('sign-up/email', {
          name: 'Tracked',
          email: 'tracked@example.com',
          password: 'good-secret-1',
          image: 'https://tracker.example/pixel.gif',
        }),
      /uploaded to Forgeline/,
    );
    const user = await createUser(t.app);
    await expectRefused(
      () => auth('update-user', { image: 'https://tracker.example/pixel.gif' }, { cookie: user.cookie }),
      /uploaded to Forgeline/,
    );
    // The way a Google sign-in creates its user: the avatar is dropped, the name made plain.
    const ctx = await t.app.auth.$context;
    await ctx.internalAdapter.createOAuthUser(
      {
        email: 'google-user@example.com',
        name: 'Grace\nHopper https://evil.example',
        image: 'https://lh3.googleusercontent.com/a/photo.jpg',
        emailVerified: true,
      },
      { providerId: 'google', accountId: 'google-sub-1' },
    );
    expect(await userRow('google-user@example.com')).toMatchObject({ name: 'Grace Hopper', image: null });
  });

  it('a review never carries a photo from another site, even one stored before this rule', async () => {
    const user = await createUser(t.app);
    await t.app.db
      .update(users)
      .set({ image: 'https://tracker.example/me.png' })
      .where(eq(users.id, user.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: user.headers,
      payload: { profession: 'Buyer', review: 'Good parts.', rating: 5 },
    });
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json<{ insertedId: string }>();
    const list = (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json<
      { _id: string; img: string | null }[]
    >();
    const review = list.find((r) => r._id === insertedId);
    expect(review).toBeDefined();
    expect(review?.img).toBeNull();
  });
});

describe('a stranger cannot write to someone else’s address in our voice, nor lock its owner out (item 5, record 0131)', () => {
  const victim = 'victim@buyer.example';
  const mailsTo = async (to: string) => (await outbox()).filter((m) => m.toAddress === to);
  const confirmLink = async (to: string) => {
    const mail = (await mailsTo(to)).find((m) => m.subject.startsWith('Confirm'));
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail?.textBody ?? '')?.[0];
    if (!link) throw new Error(`no confirmation link for ${to}`);
    const url = new URL(link);
    return url.pathname + url.search;
  };
  let strangerCookie = '';

  it('sign-up signs in at once and mails only a confirmation link, with nothing the stranger typed', async () => {
    const res = await auth('sign-up/email', {
      name: 'Your Bank Security Team',
      email: victim,
      password: 'stranger-pw-1',
    });
    expect(res.statusCode).toBe(200);
    strangerCookie = sessionCookie(res.headers['set-cookie']);
    await vi.waitFor(async () => expect((await mailsTo(victim)).every((m) => m.sentAt !== null)).toBe(true));
    const mails = await mailsTo(victim);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your Forgeline e-mail address']);
    expect(mails[0]?.textBody).not.toContain('Bank');
  });

  it('an order by the unconfirmed account mails nothing to the address', async () => {
    const product = await makeProduct(t.app);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { cookie: strangerCookie, origin: origin() },
      payload: orderBody(product.id, product.minOrder, { address: 'Pay the invoice at evil.example' }),
    });
    expect(order.statusCode).toBe(201);
    const held = (await mailsTo(victim)).filter((m) => !m.subject.startsWith('Confirm'));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ sentAt: null, lastError: NOT_CONFIRMED });
    // No retry ever takes it.
    await t.app.db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outboxMessages.id, held[0]!.id));
    await t.app.mailer.flush();
    expect((await mailsTo(victim)).find((m) => m.id === held[0]!.id)?.sentAt).toBeNull();
  });

  it('the owner following the link elsewhere does not confirm the stranger’s account', async () => {
    const before = await state();
    const res = await t.app.inject({ method: 'GET', url: await confirmLink(victim) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: expect.stringMatching(/browser where you are signed in/) });
    expect(await state()).toEqual(before);
    expect((await userRow(victim))?.emailVerified).toBe(false);
  });

  it('the owner of the address can always take it over with a reset: the stranger is out, the address confirmed', async () => {
    await auth('request-password-reset', { email: victim, redirectTo: '/resetPass' });
    const token = await lastResetToken(victim);
    expect((await auth('reset-password', { token, newPassword: 'owner-secret-2' })).statusCode).toBe(200);
    const row = await userRow(victim);
    expect(row?.emailVerified).toBe(true);
    expect(await sessionsOf(row!.id)).toBe(0);
    expect((await signIn(victim, 'stranger-pw-1')).statusCode).toBe(401);
    expect((await signIn(victim, 'owner-secret-2')).statusCode).toBe(200);
  });

  it('the one who signed up confirms in their own browser, and mail flows from then on', async () => {
    const res = await auth('sign-up/email', {
      name: 'Real Buyer',
      email: 'real@buyer.example',
      password: 'buyer-pw-12',
    });
    const cookie = sessionCookie(res.headers['set-cookie']);
    const confirm = await t.app.inject({
      method: 'GET',
      url: await confirmLink('real@buyer.example'),
      headers: { cookie },
    });
    expect(confirm.statusCode).toBe(302);
    expect((await userRow('real@buyer.example'))?.emailVerified).toBe(true);
    const product = await makeProduct(t.app);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { cookie, origin: origin() },
      payload: orderBody(product.id, product.minOrder),
    });
    expect(order.statusCode).toBe(201);
    await vi.waitFor(async () =>
      expect(
        (await mailsTo('real@buyer.example')).filter(
          (m) => m.sentAt !== null && m.subject.startsWith('Order'),
        ),
      ).toHaveLength(1),
    );
  });

  it('asking for more confirmation mails shares the reset mails’ small budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers: { origin: origin() },
        remoteAddress: '192.0.2.55',
        payload: { email: `nobody${i}@buyer.example` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('a sign-up with a known address answers like a new one, with a session cookie that opens nothing, and mails the owner a way in', async () => {
    const fresh = await auth('sign-up/email', {
      name: 'New One',
      email: 'new-one@buyer.example',
      password: 'fresh-pw-12',
    });
    const ctx = await t.app.auth.$context;
    const hash = vi.spyOn(ctx.password, 'hash');
    const usersBefore = (await snapshot(t.app)).users;
    const sessionsBefore = await state();
    try {
      // The name's rules come first, as for a new address.
      const marked = await auth('sign-up/email', {
        name: 'Again <b>',
        email: victim,
        password: 'another-pw-3',
      });
      expect(marked.statusCode).toBe(400);
      const again = await auth('sign-up/email', {
        name: 'Again',
        email: victim.toUpperCase(),
        password: 'another-pw-3',
      });
      expect(again.statusCode).toBe(fresh.statusCode);
      expect(Object.keys(again.json<{ user: object }>().user)).toEqual(
        Object.keys(fresh.json<{ user: object }>().user),
      );
      expect(again.json()).toMatchObject({ user: { email: victim, emailVerified: false } });
      // A session cookie like a new account's, of a session that does not exist (record 0191).
      const decoy = sessionCookie(again.headers['set-cookie']);
      expect(decoy).toMatch(/^forgeline\.session_token=/);
      const seen = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: decoy },
      });
      expect(seen.json()).toBeNull();
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
    // Nothing of the account changed; its owner got a reset link, with nothing the caller typed in it.
    expect((await snapshot(t.app)).users).toEqual(usersBefore);
    expect((await state()).sessions).toEqual(sessionsBefore.sessions);
    const mail = (await mailsTo(victim)).at(-1);
    expect(mail?.subject).toBe('Reset your Forgeline password');
    expect(mail?.textBody).not.toContain('Again');
    await lastResetToken(victim);
  });
});
