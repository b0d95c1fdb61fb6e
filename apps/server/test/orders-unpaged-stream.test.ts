import http from 'node:http';
import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderSchema, type Order } from '@forgeline/shared/schemas/order';
import { EXPORT_BATCH } from '../src/modules/orders/service.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, type Cast } from './support/cast.ts';
import { listen } from './support/raw-http.ts';

/** Enough orders that the whole answer is many times what the sockets between server and client hold. */
const ORDERS = 20_000;

interface Opened {
  res: http.IncomingMessage;
  /** The server's side of this connection. */
  serverSocket: Socket;
}

describe('the unpaged GET /api/orders streams', () => {
  let t: TestApp;
  let cast: Cast;
  let port: number;
  let whole: string;
  const serverSockets: Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    cast = await createCast(t.app);
    // Written by the database itself: a checkout with a PO reference for every tenth order, paid, shipped,
    // cancelled and on-terms orders, names that JSON escapes, and three orders to each instant (the
    // keyset's tie on the id).
    await t.app.db.execute(sql`
      insert into checkouts (id, customer_name, customer_email, po_reference, address, phone, total_cents, line_count)
      select md5('co' || g)::uuid, 'Zoë "Q" Müller ' || g, 'buyer' || g || '@firm.example', 'PO-' || g,
             g || ' Industrial Way', '+44 1000 ' || g, 250, 1
      from generate_series(1, ${ORDERS / 10}::int) as g`);
    await t.app.db.execute(sql`
      insert into orders (checkout_id, customer_name, customer_email, product_name, price_cents, quantity,
                          total_cents, address, phone, paid, transaction_id, status, created_at, paid_at,
                          shipped_at, cancelled_at, due_at)
      select case when g % 10 = 0 then md5('co' || (g / 10))::uuid end,
             'Zoë "Q" Müller ' || (g % 500), 'buyer' || (g % 500) || '@firm.example',
             'Part ' || (g % 400) || E' hex bolt \\ ½"', 250, 1 + g % 9, 250 * (1 + g % 9),
             g || ' Industrial Way', '+44 1000 ' || g, g % 3 <> 0,
             case when g % 3 <> 0 then 'tx-' || g end,
             case when g % 3 = 1 and g % 2 = 0 then 'shipped' when g % 7 = 0 then 'cancelled' else 'pending' end,
             now() - (g / 3) * interval '1 millisecond',
             case when g % 3 <> 0 then now() end,
             case when g % 3 = 1 and g % 2 = 0 then now() end,
             case when g % 7 = 0 and not (g % 3 = 1 and g % 2 = 0) then now() end,
             case when g % 11 = 0 then now() + interval '30 days' end
      from generate_series(1, ${ORDERS}::int) as g`);
    port = await listen(t.app);
    t.app.server.on('connection', (socket) => serverSockets.push(socket));
  });
  afterAll(() => t.close());

  /** Every order as the paged list gives them, walked by cursor to the end. */
  async function walkPages(): Promise<Order[]> {
    const all: Order[] = [];
    let cursor: string | undefined;
    do {
      const res = await t.app.inject({
        url: `/api/orders?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        headers: cast.admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      all.push(...res.json<Order[]>());
      cursor = res.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    return all;
  }

  it('answers exactly what the paged list holds, walked to its end: the same JSON, in the same order', async () => {
    const res = await t.app.inject({ url: '/api/orders', headers: cast.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-total-count']).toBe(String(ORDERS));
    whole = res.body;
    const list = JSON.parse(whole) as Order[];
    expect(list).toHaveLength(ORDERS);
    const paged = await walkPages();
    expect(paged).toHaveLength(ORDERS);
    // Byte for byte what the serializer of the paged list writes for the same orders.
    expect(whole).toBe(JSON.stringify(paged));
    for (const order of list.slice(0, 50)) expect(OrderSchema.strict().parse(order)).toEqual(order);
    expect(list.some((o) => o.poReference !== null && o.status === 'shipped' && o.dueAt !== null)).toBe(true);
    expect(new Set(list.map((o) => o._id)).size).toBe(ORDERS);
    // More than a few of the export's batches: the stream read page after page.
    expect(ORDERS / EXPORT_BATCH).toBeGreaterThanOrEqual(10);
  });

  /** Opens the unpaged list as a client that reads nothing. */
  function openPaused(): Promise<Opened> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/orders', headers: cast.admin.headers });
      req.on('error', reject);
      req.on('response', (res) => {
        res.pause();
        const local = req.socket!.localPort;
        const serverSocket = serverSockets.find((s) => s.remotePort === local);
        if (!serverSocket) reject(new Error('no server socket for this request'));
        else resolve({ res, serverSocket });
      });
    });
  }

  /** What the server has written to the socket so far, once it has stopped writing (≥ 500 ms still). */
  async function settledBytes(socket: Socket): Promise<number> {
    let last = -1;
    for (let still = 0; still < 5;) {
      await new Promise((r) => setTimeout(r, 100));
      still = socket.bytesWritten === last ? still + 1 : 0;
      last = socket.bytesWritten;
    }
    return last;
  }

  async function timed(path: string, user = cast.customerA) {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: user.headers });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  }

  it('holds a client that reads nothing to a small part of the answer, and answers everyone else meanwhile', async () => {
    const size = Buffer.byteLength(whole);
    const { res, serverSocket } = await openPaused();
    try {
      const written = await settledBytes(serverSocket);
      // What the server itself holds for this client: written to the socket, not yet taken by the system.
      const held = serverSocket.writableLength;

      const others = [
        await timed('/api/products'),
        await timed('/api/orders?limit=20', cast.admin),
        await timed(`/api/myOrders?email=${encodeURIComponent(cast.customerA.email)}`),
      ];
      for (const other of others) {
        expect(other.status).toBe(200);
        expect(other.ms).toBeLessThan(2_000);
      }
      console.info(
        `unpaged list: ${size} bytes in all; ${written} written while its client read nothing, ` +
          `${held} of them held by the server; others answered in ` +
          `${others.map((o) => Math.round(o.ms)).join(', ')} ms`,
      );
      // Built whole, the answer would be written to the socket at once and held by the server for all
      // that the system's buffers do not take (some MB). Streamed, the server stops at what they take.
      expect(written).toBeLessThan(size);
      expect(held).toBeLessThan(256 * 1024);
      expect(await settledBytes(serverSocket)).toBe(written);

      // Read at last, the answer is the whole list.
      res.setEncoding('utf8');
      let body = '';
      res.on('data', (chunk: string) => (body += chunk));
      res.resume();
      await new Promise((resolve) => res.on('end', resolve));
      expect(body).toBe(whole);
    } finally {
      res.destroy();
    }
  });

  /** Runs `during` with the orders table out of reach, as a database that lost it would answer. */
  async function withoutOrdersTable(during: () => Promise<void>) {
    await t.app.db.execute(sql`alter table orders rename to orders_away`);
    try {
      await during();
    } finally {
      await t.app.db.execute(sql`alter table orders_away rename to orders`);
    }
  }

  it('a database failure before the first byte is answered as any error is, in JSON', async () => {
    await withoutOrdersTable(async () => {
      const res = await t.app.inject({ url: '/api/orders', headers: cast.admin.headers });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-total-count']).toBeUndefined();
      expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    });
  });

  it('a database failure mid-stream cuts the answer: never a shorter list that parses', async () => {
    // The server's side of the connection is corked from its start: what it writes stays in the
    // process, so the export stops after its first batches whatever the system's buffers would take
    // (on loopback they can grow past the whole answer, and the table would go away too late).
    const corked = new Promise<Socket>((resolve) =>
      t.app.server.once('connection', (socket: Socket) => {
        socket.cork();
        resolve(socket);
      }),
    );
    const req = http.get({
      host: '127.0.0.1',
      port,
      path: '/api/orders',
      headers: cast.admin.headers,
      agent: false,
    });
    const response = new Promise<http.IncomingMessage>((resolve, reject) => {
      req.on('response', resolve);
      req.on('error', reject);
    });
    const serverSocket = await corked;
    let held = 0;
    for (let still = 0; still < 5;) {
      await new Promise((r) => setTimeout(r, 100));
      still = serverSocket.writableLength === held && held > 0 ? still + 1 : 0;
      held = serverSocket.writableLength;
    }
    expect(held).toBeLessThan(Buffer.byteLength(whole) / 2);
    let body = '';
    await withoutOrdersTable(async () => {
      serverSocket.uncork();
      const res = await response;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      await new Promise((resolve) => res.on('close', resolve));
      expect(res.complete).toBe(false);
    });
    expect(body.startsWith('[{')).toBe(true);
    expect(body.length).toBeLessThan(whole.length);
    expect(() => JSON.parse(body) as unknown).toThrow();
  });
});
