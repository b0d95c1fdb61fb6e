import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages as texts } from '@forgeline/shared/schema-constants';
import type { ContactMessage, NewsletterSubscriber } from '@forgeline/shared/schemas/contact';
import { buildTestApp, type TestApp } from './helper.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { CONTACT_RATE_LIMIT } from '../src/modules/contact/routes.ts';
import { NEWSLETTER_RATE_LIMIT } from '../src/modules/newsletter/routes.ts';

let t: TestApp;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  customer = await createUser(t.app);
  admin = await createUser(t.app, { admin: true });
});
afterAll(() => t.close());

/** Each test speaks from its own IP, so the rate limits of one test do not spill into the next. */
let ipCounter = 0;
const nextIp = () => `10.0.0.${(ipCounter += 1)}`;

const post = (url: string, payload: unknown, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const validMessage = {
  name: 'Rahim Uddin',
  email: 'Rahim.Uddin@Example.com',
  message: 'We need 5,000 M8 hex bolts by March. Can you quote?',
};

describe('POST /api/contact', () => {
  it('stores a valid message and answers 201 { acknowledged, insertedId }', async () => {
    const res = await post('/api/contact', validMessage);
    expect(res.statusCode).toBe(201);
    const body = res.json<{ acknowledged: boolean; insertedId: string }>();
    expect(body.acknowledged).toBe(true);
    expect(body.insertedId).toMatch(/^[0-9a-f-]{36}$/);

    const list = (await get('/api/contact', admin.headers)).json<ContactMessage[]>();
    const stored = list.find((m) => m._id === body.insertedId);
    expect(stored).toMatchObject({
      name: 'Rahim Uddin',
      email: 'rahim.uddin@example.com',
      message: validMessage.message,
    });
    expect(Date.parse(stored!.createdAt)).not.toBeNaN();
  });

  it.each([
    [{ ...validMessage, name: '   ' }, 'name', texts.nameRequired],
    [{ ...validMessage, email: '' }, 'email', 'Email is required'],
    [{ ...validMessage, email: 'not-an-email' }, 'email', 'Provide a valid Email'],
    [{ ...validMessage, message: '' }, 'message', texts.messageRequired],
    [{ ...validMessage, message: 'Hi' }, 'message', texts.messageTooShort],
    [{ ...validMessage, message: 'x'.repeat(2001) }, 'message', texts.messageTooLong],
    [{ email: validMessage.email, message: validMessage.message }, 'name', texts.nameRequired],
  ])('answers 400 with the field message for %j', async (payload, field, message) => {
    const res = await post('/api/contact', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; message: string; details: Record<string, string> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details[field]).toBe(message);
    expect(body.message).toBe(message);
  });

  it('answers 400, not 500, to a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '"hello"',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
  });

  it(`limits one IP to ${CONTACT_RATE_LIMIT.max} messages per window (429 after)`, async () => {
    const ip = nextIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) {
      expect((await post('/api/contact', validMessage, ip)).statusCode).toBe(201);
    }
    const limited = await post('/api/contact', validMessage, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another IP is not affected.
    expect((await post('/api/contact', validMessage)).statusCode).toBe(201);
  });
});

describe('GET /api/contact (admins only)', () => {
  it('answers 401 to a visitor, 403 to a customer and 200 to an admin', async () => {
    expect((await get('/api/contact')).statusCode).toBe(401);
    expect((await get('/api/contact', customer.headers)).statusCode).toBe(403);
    const res = await get('/api/contact', admin.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json<ContactMessage[]>();
    expect(list.length).toBeGreaterThan(0);
    // Newest first.
    const times = list.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('POST /api/newsletter', () => {
  it('answers a new address and a known one alike: 200, the same friendly message', async () => {
    const first = await post('/api/newsletter', { email: 'Buyer@Acme-Industrial.com' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ acknowledged: true, message: texts.subscribed });

    const again = await post('/api/newsletter', { email: 'buyer@acme-industrial.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const list = (await get('/api/newsletter', admin.headers)).json<NewsletterSubscriber[]>();
    expect(list.filter((s) => s.email === 'buyer@acme-industrial.com')).toHaveLength(1);
  });

  it.each([
    [{ email: '' }, 'Email is required'],
    [{}, 'Email is required'],
    [{ email: 'buyer@acme' }, 'Provide a valid Email'],
  ])('answers 400 with the message for %j', async (payload, message) => {
    const res = await post('/api/newsletter', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message, details: { email: message } });
  });

  it(`limits one IP to ${NEWSLETTER_RATE_LIMIT.max} requests per window (429 after)`, async () => {
    const ip = nextIp();
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.max; i += 1) {
      const res = await post('/api/newsletter', { email: `reader${i}@example.com` }, ip);
      expect(res.statusCode).toBe(200);
    }
    expect((await post('/api/newsletter', { email: 'one-more@example.com' }, ip)).statusCode).toBe(429);
  });
});

describe('GET /api/newsletter (admins only)', () => {
  it('answers 401 to a visitor, 403 to a customer and 200 to an admin', async () => {
    expect((await get('/api/newsletter')).statusCode).toBe(401);
    expect((await get('/api/newsletter', customer.headers)).statusCode).toBe(403);
    const res = await get('/api/newsletter', admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json<NewsletterSubscriber[]>().length).toBeGreaterThan(0);
  });
});
