import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDeliveryPage, WebhookEndpoint } from '@forgeline/shared/schemas/webhook';
import { companies, outboxMessages, webhookEndpoints } from '../src/db/schema/index.ts';
import { deliverDue } from '../src/modules/webhooks/index.ts';
import { checkTarget } from '../src/modules/webhooks/ssrf.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { requestAs, type Method } from './support/cast.ts';
import { setUpPunchout } from './support/companies.ts';
import { makeProduct, orderBody, payOrder } from './support/data.ts';

/**
 * A maker's ERP of our own (test code): it verifies each delivery's Standard Webhooks signature, applies
 * each webhook-id once, and answers what the test tells it to (an outage, a hang).
 */
class FakeErp {
  /** Every request that arrived, duplicates included. */
  requests: { id: string; type: string }[] = [];
  /** What it applied: one entry per webhook-id. */
  applied: { id: string; type: string; data: Record<string, unknown> }[] = [];
  /** How to answer the next requests, one per request; then 200. */
  script: ('fail' | 'hang')[] = [];
  secret = '';
  origin = '';
  private server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const next = this.script.shift();
      if (next === 'hang') return; // never answers: the sender's timeout must end it
      if (next === 'fail') return void res.writeHead(503).end('down for maintenance');
      let event: { type: string; data: Record<string, unknown> };
      try {
        event = new Webhook(this.secret).verify(body, req.headers as Record<string, string>) as typeof event;
      } catch {
        return void res.writeHead(401).end('bad signature');
      }
      const id = req.headers['webhook-id'] as string;
      this.requests.push({ id, type: event.type });
      if (!this.applied.some((seen) => seen.id === id)) this.applied.push({ id, ...event });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  ofOrder(orderId: string) {
    return this.applied.filter(
      (event) => (event.data.order as { _id?: string } | undefined)?._id === orderId,
    );
  }
}

describe('webhooks: signed deliveries, in order, through an outage', () => {
  let t: TestApp;
  let shop: TestUser;
  let customer: TestUser;
  let erp: FakeErp;
  const as = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
    requestAs(t.app, user, method, url, payload);
  /** Runs the delivery job until nothing is due (tests run jobs themselves). */
  const drain = async (rounds = 10) => {
    for (let i = 0; i < rounds; i++) if ((await deliverDue(t.app)) === 0) return;
  };
  const addEndpoint = async (user: TestUser, eventTypes: string[], base = '/api/webhooks/endpoints') => {
    const res = await as(user, 'POST', base, { url: `${erp.origin}/hooks`, eventTypes });
    expect(res.statusCode, res.body).toBe(201);
    const endpoint = res.json<WebhookEndpoint>();
    erp.secret = endpoint.secret;
    return endpoint;
  };

  beforeAll(async () => {
    t = await buildTestApp({
      env: { WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '0,0,0', WEBHOOK_TIMEOUT_MS: '300' },
    });
    shop = await createUser(t.app, { admin: true });
    customer = await createUser(t.app);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    erp = new FakeErp();
    await erp.start();
  });
  afterEach(async () => {
    await t.app.db.delete(webhookEndpoints);
    await erp.close();
  });

  it('signs as the specification says: its own test vector', () => {
    const wh = new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    const payload = '{"test": 2432232314}';
    const signature = wh.sign('msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(1614265330 * 1000), payload);
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    // And verifies it (at that moment: the library refuses timestamps five minutes off).
    const headers = {
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': wh.sign('msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(), payload),
    };
    expect(wh.verify(payload, headers)).toEqual({ test: 2432232314 });
    expect(() => wh.verify('{"test": 1}', headers)).toThrow();
  });

  it('a fake ERP receives placed, paid and shipped of one order in order, once each, through an outage', async () => {
    await addEndpoint(shop, ['order.placed', 'order.paid', 'order.shipped']);
    const part = await makeProduct(t.app, { availableQuantity: 50 });
    erp.script = ['fail', 'fail'];
    const placed = await as(customer, 'POST', '/api/order', orderBody(part.id, 2));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ insertedId: string }>().insertedId;
    // The outage: the first deliveries fail; the later events wait behind the first.
    await deliverDue(t.app);
    await payOrder(t.app, customer, orderId);
    await deliverDue(t.app);
    expect(erp.applied).toHaveLength(0);
    const shipped = await as(shop, 'PUT', `/api/order/shipped/${orderId}`);
    expect(shipped.statusCode, shipped.body).toBe(200);
    await drain();
    expect(erp.ofOrder(orderId).map((event) => event.type)).toEqual([
      'order.placed',
      'order.paid',
      'order.shipped',
    ]);
    expect(erp.requests).toHaveLength(3);
    expect(erp.ofOrder(orderId)[0]!.data.order).toMatchObject({ _id: orderId, buyQuantity: 2 });
  });

  it('a hanging target times out and is retried, never holding up the order', async () => {
    const endpoint = await addEndpoint(shop, ['order.placed']);
    const part = await makeProduct(t.app);
    erp.script = ['hang'];
    const started = Date.now();
    const placed = await as(customer, 'POST', '/api/order', orderBody(part.id, 1));
    expect(placed.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(2_000);
    await deliverDue(t.app);
    const log = await as(shop, 'GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries`);
    expect(log.json<WebhookDeliveryPage>().items[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: null,
      lastError: 'Timed out after 300 ms',
    });
    await drain();
    const [delivered] = (
      await as(shop, 'GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries`)
    ).json<WebhookDeliveryPage>().items;
    expect(delivered).toMatchObject({ status: 'succeeded', attempts: 2, lastStatusCode: 200 });
    expect(delivered!.lastDurationMs).toBeGreaterThanOrEqual(0);
    expect(erp.applied.map((event) => event.type)).toEqual(['order.placed']);
  });

  it('replays a message with the same webhook-id, which the receiver applies once', async () => {
    const endpoint = await addEndpoint(shop, ['order.placed']);
    const part = await makeProduct(t.app);
    await as(customer, 'POST', '/api/order', orderBody(part.id, 1));
    await drain();
    const [first] = (
      await as(shop, 'GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries`)
    ).json<WebhookDeliveryPage>().items;
    const replay = await as(
      shop,
      'POST',
      `/api/webhooks/endpoints/${endpoint.id}/messages/${first!.messageId}/replay`,
    );
    expect(replay.statusCode, replay.body).toBe(202);
    await drain();
    expect(erp.requests.map((request) => request.id)).toEqual([first!.messageId, first!.messageId]);
    expect(erp.applied).toHaveLength(1);
    const unknown = await as(shop, 'POST', `/api/webhooks/endpoints/${endpoint.id}/messages/msg_nope/replay`);
    expect(unknown.statusCode).toBe(404);
  });

  it('pauses an endpoint that keeps failing, tells the admins, and delivers what waited on resume', async () => {
    const endpoint = await addEndpoint(shop, ['order.placed']);
    const part = await makeProduct(t.app);
    erp.script = ['fail', 'fail', 'fail', 'fail'];
    await as(customer, 'POST', '/api/order', orderBody(part.id, 1));
    await as(customer, 'POST', '/api/order', orderBody(part.id, 1));
    await drain();
    const [paused] = (await as(shop, 'GET', '/api/webhooks/endpoints')).json<WebhookEndpoint[]>();
    expect(paused).toMatchObject({ status: 'paused', waiting: 2 });
    expect(paused!.pausedReason).toContain('Paused after 4 failed attempts: HTTP 503');
    const notices = await t.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, `Webhook endpoint paused: ${endpoint.url}`));
    expect(notices.map((mail) => mail.toAddress)).toContain(shop.email);
    expect(erp.applied).toHaveLength(0);

    const resumed = await as(shop, 'POST', `/api/webhooks/endpoints/${endpoint.id}/resume`);
    expect(resumed.json()).toMatchObject({ status: 'active', pausedReason: null });
    await drain();
    expect(erp.applied.map((event) => event.type)).toEqual(['order.placed', 'order.placed']);
  });

  it('a company endpoint hears only its own company, and another company cannot see it', async () => {
    const manager = await createUser(t.app);
    const outsider = await createUser(t.app);
    const made = await as(shop, 'POST', '/api/companies', {
      name: 'Hook Works',
      billingAddress: '1 Road',
      country: 'GB',
    });
    const companyId = made.json<{ id: string }>().id;
    const attached = await as(shop, 'POST', `/api/companies/${companyId}/members`, {
      email: manager.email,
      role: 'admin',
    });
    expect(attached.statusCode, attached.body).toBe(201);
    const other = await as(shop, 'POST', '/api/companies', {
      name: 'Other Works',
      billingAddress: '2 Road',
      country: 'GB',
    });
    await as(shop, 'POST', `/api/companies/${other.json<{ id: string }>().id}/members`, {
      email: outsider.email,
      role: 'admin',
    });

    // Stock and product events are the shop's alone.
    const refused = await as(manager, 'POST', '/api/company/webhooks/endpoints', {
      url: `${erp.origin}/hooks`,
      eventTypes: ['stock.low'],
    });
    expect(refused.statusCode).toBe(400);
    const endpoint = await addEndpoint(manager, ['order.placed'], '/api/company/webhooks/endpoints');
    expect((await as(outsider, 'GET', '/api/company/webhooks/endpoints')).json()).toEqual([]);
    expect(
      (await as(outsider, 'POST', `/api/company/webhooks/endpoints/${endpoint.id}/resume`)).statusCode,
    ).toBe(404);
    expect((await as(outsider, 'DELETE', `/api/company/webhooks/endpoints/${endpoint.id}`)).statusCode).toBe(
      404,
    );
    expect((await as(customer, 'GET', '/api/company/webhooks/endpoints')).statusCode).toBe(404);

    const part = await makeProduct(t.app);
    const theirs = await as(manager, 'POST', '/api/order', orderBody(part.id, 1));
    expect(theirs.statusCode, theirs.body).toBe(201);
    await as(customer, 'POST', '/api/order', orderBody(part.id, 1));
    await drain();
    expect(erp.applied.map((event) => (event.data.order as { _id: string })._id)).toEqual([
      theirs.json<{ insertedId: string }>().insertedId,
    ]);
  });

  it('a punchout OrderRequest reaches the ERP as order.placed, nothing retyped', async () => {
    await addEndpoint(shop, ['order.placed']);
    const buyer = await createUser(t.app);
    const made = await as(shop, 'POST', '/api/companies', {
      name: 'Acme Punch',
      billingAddress: '1 Works Road',
      country: 'GB',
    });
    const companyId = made.json<{ id: string }>().id;
    await as(shop, 'POST', `/api/companies/${companyId}/members`, { email: buyer.email, role: 'buyer' });
    // A buyer of the company is not its admin: it neither reads nor adds the company's endpoints.
    expect((await as(buyer, 'GET', '/api/company/webhooks/endpoints')).statusCode).toBe(403);
    const refused = await as(buyer, 'POST', '/api/company/webhooks/endpoints', {
      url: 'https://erp.example.com/hooks',
      eventTypes: ['order.placed'],
    });
    expect(refused.statusCode).toBe(403);
    await t.app.db
      .update(companies)
      .set({ termsDays: 30, creditLimitCents: 10_000_00 })
      .where(eq(companies.id, companyId));
    await setUpPunchout(t.app, shop, companyId, {
      buyerEmail: buyer.email,
      cxmlDomain: 'NetworkID',
      cxmlIdentity: 'AN-HOOK',
      sharedSecret: 'hook-shared-secret-2026',
    });
    const part = await makeProduct(t.app, { sku: 'HOOK-BOLT-1', priceCents: 300, availableQuantity: 100 });
    const cxml = `<?xml version="1.0" encoding="UTF-8"?>
<cXML payloadID="hook-order-1@fake.example" timestamp="2026-11-28T10:05:00Z">
  <Header>
    <From><Credential domain="NetworkID"><Identity>AN-HOOK</Identity></Credential></From>
    <To><Credential domain="NetworkID"><Identity>forgeline</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>AN-HOOK</Identity><SharedSecret>hook-shared-secret-2026</SharedSecret></Credential><UserAgent>Fake P2P</UserAgent></Sender>
  </Header>
  <Request><OrderRequest>
    <OrderRequestHeader orderID="PO-HOOK-1" orderDate="2026-11-28" type="new">
      <Total><Money currency="USD">0.01</Money></Total>
      <ShipTo><Address addressID="LDS"><Name xml:lang="en">Acme Works</Name>
        <PostalAddress><Street>1 Works Road</Street><City>Leeds</City><PostalCode>LS1 1AA</PostalCode><Country isoCountryCode="GB">United Kingdom</Country></PostalAddress>
      </Address></ShipTo>
    </OrderRequestHeader>
    <ItemOut quantity="7" lineNumber="1">
      <ItemID><SupplierPartID>HOOK-BOLT-1</SupplierPartID><SupplierPartAuxiliaryID>${part.id}</SupplierPartAuxiliaryID></ItemID>
      <ItemDetail><UnitPrice><Money currency="USD">0.01</Money></UnitPrice><Description xml:lang="en">x</Description><UnitOfMeasure>EA</UnitOfMeasure></ItemDetail>
    </ItemOut>
  </OrderRequest></Request>
</cXML>`;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/punchout/cxml',
      headers: { 'content-type': 'text/xml; charset=UTF-8' },
      payload: cxml,
    });
    expect(answer.body).toContain('code="200"');
    await drain();
    expect(erp.applied).toHaveLength(1);
    expect(erp.applied[0]).toMatchObject({
      type: 'order.placed',
      data: { order: { productId: part.id, buyQuantity: 7, price: 3 } },
    });
  });

  it('lists its routes in the OpenAPI document, and no API key may call them', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { 'x-api-scopes'?: string[]; summary?: string }>>;
    }>();
    for (const path of [
      '/api/webhooks/endpoints',
      '/api/webhooks/endpoints/{id}/deliveries',
      '/api/webhooks/endpoints/{id}/messages/{messageId}/replay',
      '/api/webhooks/endpoints/{id}/resume',
      '/api/company/webhooks/endpoints',
    ])
      expect(doc.paths[path], path).toBeDefined();
    expect(doc.paths['/api/webhooks/endpoints']!.post!['x-api-scopes']).toBeUndefined();
    expect(doc.paths['/api/webhooks/endpoints']!.post!.summary).toContain('no API key manages webhooks');
    const made = await as(shop, 'POST', '/api/apiKeys', { name: 'ERP', scopes: ['orders:read'] });
    const key = made.json<{ secret: string }>().secret;
    const withKey = await t.app.inject({
      url: '/api/webhooks/endpoints',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(withKey.statusCode).toBe(403);
  });

  it('refuses private and loopback targets unless allowed, and bad input, changing nothing', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest',
      'https://100.64.0.1/x',
      'https://[::1]/hook',
      'https://[fd00::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://localhost/hook',
      'http://93.184.215.14/hook',
    ])
      await expect(checkTarget(url, false), url).rejects.toThrow(/public https|could not be resolved/);
    await expect(checkTarget('https://93.184.215.14/hook', false)).resolves.toBeInstanceOf(URL);
    await expect(checkTarget('http://127.0.0.1:9/hook', true)).resolves.toBeInstanceOf(URL);

    const strict = await buildTestApp();
    try {
      const admin = await createUser(strict.app, { admin: true });
      const refused = await requestAs(strict.app, admin, 'POST', '/api/webhooks/endpoints', {
        url: 'http://127.0.0.1:8080/hook',
        eventTypes: ['order.placed'],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Webhook URLs must be public https addresses');
      expect(await strict.app.db.select().from(webhookEndpoints)).toEqual([]);
    } finally {
      await strict.close();
    }
    for (const body of [
      { url: 'ftp://x.example/hook', eventTypes: ['order.placed'] },
      { url: `${erp.origin}/h`, eventTypes: [] },
      { url: `${erp.origin}/h`, eventTypes: ['order.exploded'] },
    ]) {
      const res = await as(shop, 'POST', '/api/webhooks/endpoints', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.app.db.select().from(webhookEndpoints)).toEqual([]);
    expect((await as(customer, 'GET', '/api/webhooks/endpoints')).statusCode).toBe(403);
  });
});
