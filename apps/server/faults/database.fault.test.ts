import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, signUp, startApp, type AppProcess } from './support/app-process.ts';
import { postgresBinDir, startCluster, type TestCluster } from './support/postgres-cluster.ts';
import { sleep } from './support/ports.ts';
import { orderReceivedMails, startSmtpInbox, type SmtpInbox } from './support/smtp-inbox.ts';

// Fault tests over a real PostgreSQL cluster of their own (never the shared one) and the real server
// process in production mode. `npm run test:faults`; CI runs them (.ci/run).
const bin = postgresBinDir();
if (!bin) {
  console.warn(
    '\n*** FAULT TESTS NOT RUN: no PostgreSQL server binaries (initdb, pg_ctl) in /usr/lib/postgresql/*/bin or PG_BIN_DIR ***\n',
  );
}

/** Tight timeouts so that a fault shows within seconds. */
const TIMEOUTS = {
  DATABASE_CONNECT_TIMEOUT_MS: '1500',
  DATABASE_QUERY_TIMEOUT_MS: '1500',
  REQUEST_TIMEOUT_MS: '2000',
  SHUTDOWN_GRACE_MS: '4000',
};

const STOCK = 10_000;

describe.runIf(bin)('faults: the database and the network', () => {
  let cluster: TestCluster;
  let app: AppProcess;
  let inbox: SmtpInbox;
  let productId: string;

  beforeAll(async () => {
    cluster = await startCluster();
    inbox = await startSmtpInbox();
    // Mail over real SMTP; the outbox retry loop every half second, so a mail left by a fault goes soon.
    app = await startApp({
      DATABASE_URL: cluster.url,
      SMTP_URL: inbox.url,
      MAIL_RETRY_INTERVAL_MS: '500',
      ...TIMEOUTS,
    });
    const [product] = await cluster.query<{ id: string }>(
      `INSERT INTO products (name, price_cents, min_order, available_quantity, description, image_url)
       VALUES ('Fault-test flange', 250, 1, $1, 'A flange for fault tests.', 'https://example.com/f.webp')
       RETURNING id`,
      [STOCK],
    );
    productId = product!.id;
  });
  afterAll(async () => {
    if (process.env.FAULT_LOG) (await import('node:fs')).writeFileSync(process.env.FAULT_LOG, app.output());
    if (app?.running()) await app.stop('SIGKILL');
    if (app) removeDir(app.dataDir);
    await cluster?.stop();
    await inbox?.close();
  });

  const order = (
    headers: Record<string, string>,
    extra: Record<string, string> = {},
    signal = AbortSignal.timeout(15_000),
  ) =>
    fetch(`${app.url}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers, ...extra },
      body: JSON.stringify({
        productId,
        buyQuantity: 3,
        address: '1 Test Road, Testville',
        phone: '+1 555 0100',
      }),
      signal,
    });

  /** A signed-in customer whose address is confirmed: mail to unconfirmed addresses is held (0131). */
  async function confirmedCustomer(email: string) {
    const headers = await signUp(app.url, email);
    await cluster.query('UPDATE users SET email_verified = true WHERE email = $1', [email]);
    return headers;
  }

  /** Backends terminated every 250 ms while `work` runs (for `forMs` at most: a failover ends); answers how many. */
  async function terminatingBackends(work: Promise<unknown>, forMs = Infinity): Promise<number> {
    let done = false;
    void work.finally(() => (done = true));
    const until = Date.now() + forMs;
    let terminated = 0;
    while (!done && Date.now() < until) {
      await sleep(250);
      terminated += await cluster.terminateBackends();
    }
    await work;
    return terminated;
  }

  const ordersOfProduct = () =>
    cluster.query<{ id: string; quantity: number }>('SELECT id, quantity FROM orders WHERE product_id = $1', [
      productId,
    ]);

  it('stays up through backends terminated during an order burst, and loses or invents no order', async () => {
    const customers = await Promise.all([1, 2, 3, 4].map((n) => confirmedCustomer(`burst-${n}@example.com`)));
    const answers: { status: number; insertedId?: string }[] = [];
    let burstDone = false;
    const burst = (async () => {
      const requests = customers.flatMap((headers) => Array.from({ length: 15 }, () => headers));
      await Promise.all(
        requests.map(async (headers, i) => {
          await sleep(i * 20);
          const res = await order(headers);
          const body = (await res.json()) as { insertedId?: string };
          answers.push({ status: res.status, insertedId: body.insertedId });
        }),
      );
      burstDone = true;
    })();
    let terminated = 0;
    while (!burstDone) {
      await sleep(250);
      terminated += await cluster.terminateBackends();
    }
    await burst;

    expect(app.running()).toBe(true);
    expect(terminated).toBeGreaterThan(0);
    expect(answers).toHaveLength(60);
    // Each answer is an order (201) or 'try again' (503): never a 500, never a hang.
    expect(answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
    const created = answers.filter((a) => a.status === 201).map((a) => a.insertedId!);
    expect(created.length).toBeGreaterThan(0);

    const orders = await cluster.query<{ id: string; quantity: number }>(
      'SELECT id, quantity FROM orders WHERE product_id = $1',
      [productId],
    );
    const [{ available_quantity: left }] = (await cluster.query<{ available_quantity: number }>(
      'SELECT available_quantity FROM products WHERE id = $1',
      [productId],
    )) as [{ available_quantity: number }];
    // Every 201 is a real order; stock and orders add up to what there was.
    expect(orders.map((o) => o.id)).toEqual(expect.arrayContaining(created));
    expect(left + orders.reduce((sum, o) => sum + o.quantity, 0)).toBe(STOCK);

    // Every order got its 'order received' mail (queued in the order's transaction), exactly once, over
    // SMTP: the first try after the answer, or the outbox loop for those a terminated backend interrupted.
    const ids = orders.map((o) => o.id);
    await expect
      .poll(() => ids.filter((id) => !orderReceivedMails(inbox).has(id)), { timeout: 20_000, interval: 500 })
      .toEqual([]);
    await sleep(2_000); // a few more retry rounds: nothing goes twice
    const mails = orderReceivedMails(inbox);
    expect(ids.map((id) => mails.get(id))).toEqual(ids.map(() => 1));
    expect([...mails.keys()].filter((id) => !ids.includes(id))).toEqual([]);

    // Once the database is reachable again, the next requests simply work.
    const after = await order(customers[0]!);
    expect(after.status).toBe(201);
  });

  it('answers 503 within the timeout while the database is paused, and serves the catalogue from its last good copy', async () => {
    // The previous test's last order announces its stock change after its answer (NOTIFY, then every
    // instance marks its pages stale); a read that races that announcement is rightly not kept. Let it
    // land first, so the read below is the copy the cache keeps.
    await sleep(1_000);
    const catalogue = await fetch(`${app.url}/api/products`);
    expect(catalogue.status).toBe(200);
    const before = await catalogue.text();
    const customer = await signUp(app.url, 'paused@example.com');

    cluster.pause();
    try {
      // Past the cache's time-to-live: the next read goes to the (hung) database.
      await sleep(2_100);
      const started = Date.now();
      const [placed, live, ready, products] = await Promise.all([
        order(customer),
        fetch(`${app.url}/api/health/live`),
        fetch(`${app.url}/api/health/ready`),
        fetch(`${app.url}/api/products`),
      ]);
      const elapsed = Date.now() - started;
      expect(placed.status).toBe(503);
      expect(await placed.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(placed.headers.get('retry-after')).toBe('5');
      expect(live.status).toBe(200);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'unavailable', database: 'down' });
      expect(products.status).toBe(200);
      expect(await products.text()).toBe(before);
      // Query timeout 1.5 s (+1 s on the client): well under the 30 s a request used to hang.
      expect(elapsed).toBeLessThan(6_000);
    } finally {
      cluster.resume();
    }
    expect(app.running()).toBe(true);
    await expect
      .poll(async () => (await fetch(`${app.url}/api/health/ready`)).status, { timeout: 10_000 })
      .toBe(200);
    expect((await order(customer)).status).toBe(201);
  });

  it('cuts off a request body trickled a byte at a time', async () => {
    const { hostname: host, port } = new URL(app.url);
    const started = Date.now();
    const socket = connect(Number(port), host);
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`,
    );
    const trickle = setInterval(() => socket.write('{'), 500);
    let response = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (response += chunk));
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    clearInterval(trickle);
    const elapsed = Date.now() - started;
    // REQUEST_TIMEOUT_MS is 2 s: Node answers 408 and closes (checked every second).
    expect(response).toMatch(/^HTTP\/1\.1 408/);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('places one order per Idempotency-Key when answers are lost and retried, with backends terminated', async () => {
    // Sign-ups are limited to 10 per address and 10 minutes (this file makes 10), orders to 30 per
    // customer: 3 keys, a retry every 400 ms through a 1.5 s failover, stay well within it.
    const customers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => confirmedCustomer(`retry-${n}@example.com`)),
    );
    const before = new Set((await ordersOfProduct()).map((o) => o.id));
    const keys = customers.flatMap((headers) =>
      Array.from({ length: 3 }, () => ({ headers, key: crypto.randomUUID() })),
    );
    const placed = new Map<string, string>();
    const work = Promise.all(
      keys.map(async ({ headers, key }, i) => {
        await sleep(i * 40);
        // The first answer is lost: the client gives up after 30 ms, whatever the server did.
        await order(headers, { 'idempotency-key': key }, AbortSignal.timeout(30)).catch(() => undefined);
        // Then it retries with the same key until it has an answer (503 while a backend is down).
        for (let attempt = 0; attempt < 40; attempt++) {
          const res = await order(headers, { 'idempotency-key': key }).catch(() => undefined);
          if (res?.status === 201) {
            placed.set(key, ((await res.json()) as { insertedId: string }).insertedId);
            return;
          }
          expect([undefined, 503], await res?.text()).toContain(res?.status);
          await sleep(400);
        }
        throw new Error(`no answer for ${key}`);
      }),
    );
    // Backends terminated while the first attempts are under way; the retries then find the database back.
    const terminated = await terminatingBackends(work, 1_500);
    await work;

    expect(app.running()).toBe(true);
    expect(terminated).toBeGreaterThan(0);
    expect(placed.size).toBe(keys.length);
    const created = (await ordersOfProduct()).filter((o) => !before.has(o.id)).map((o) => o.id);
    expect(created.sort()).toEqual([...placed.values()].sort());

    // Every answer lost once more: each key answers its first order again, and nothing new is placed.
    for (const { headers, key } of keys) {
      const res = await order(headers, { 'idempotency-key': key });
      expect(res.status).toBe(201);
      expect(res.headers.get('idempotent-replayed')).toBe('true');
      expect(((await res.json()) as { insertedId: string }).insertedId).toBe(placed.get(key));
    }
    expect((await ordersOfProduct()).filter((o) => !before.has(o.id))).toHaveLength(keys.length);
  });

  it('exits 0 within its grace period on SIGTERM, with slow clients connected, each answered', async () => {
    const { hostname: host, port } = new URL(app.url);
    // Two slow clients mid-request (bodies trickling) and one idle keep-alive connection.
    const answers = ['', ''];
    const sockets = [0, 1].map((index) => {
      const socket = connect(Number(port), host);
      socket.on('error', () => undefined);
      socket.setEncoding('utf8').on('data', (chunk: string) => (answers[index] += chunk));
      socket.write(
        `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
      );
      return socket;
    });
    const idle = connect(Number(port), host);
    idle.on('error', () => undefined);
    idle.write(`GET /api/health/live HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    await sleep(300);

    const { code, ms } = await app.stop('SIGTERM');
    for (const socket of [...sockets, idle]) socket.destroy();
    expect(code).toBe(0);
    expect(ms).toBeLessThan(4_000);
    expect(app.output()).toContain('SIGTERM: shutting down');
    // Every request received got an answer: 503, and the connection closed, not a reset.
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(answer).toContain('"code":"SERVICE_UNAVAILABLE"');
    }
  });
});
