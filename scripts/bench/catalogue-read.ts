// Catalogue read throughput: GET /api/products on the real server (PGlite in a temporary folder, or
// DATABASE_URL), against a bare node:http server answering the same bytes from memory (the ceiling of
// Node itself) and a bare Fastify doing the same (the ceiling of the web framework).
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import type { BenchSection, Figure } from '../lib/bench.ts';
import { freePort, startServer, waitFor } from '../lib/server.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function load(name: string, url: string, headers: Record<string, string> = {}) {
  // A short warm-up, so that JIT and caches are in the state a busy server is in.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const BENCH_ADMIN = { email: 'bench-admin@forgeline.dev', password: 'bench-admin-password-2026' };

/** POSTs JSON as a browser on the site would (its Origin), answering the JSON and the cookies set. */
async function post(base: string, url: string, body: unknown, cookie = '') {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie && { cookie }) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`);
  const setCookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { json: (await res.json()) as Record<string, unknown>, cookie: setCookie };
}

/**
 * The session cookie of a buyer whose company the shop gave a price list of its own (30 % off every part),
 * made through the admin's API: the catalogue they read is their own, cached apart from the public one.
 */
async function contractBuyerCookie(base: string): Promise<string> {
  const admin = (await post(base, '/api/auth/sign-in/email', BENCH_ADMIN)).cookie;
  const buyer = {
    name: 'Bench Buyer',
    email: 'bench-buyer@forgeline.dev',
    password: 'bench-buyer-password-2026',
  };
  await post(base, '/api/auth/sign-up/email', buyer);
  const company = await post(
    base,
    '/api/companies',
    { name: 'Bench Distribution Ltd', billingAddress: '1 Bench Road', country: 'US', region: 'IL' },
    admin,
  );
  const companyId = String(company.json.id);
  await post(base, `/api/companies/${companyId}/members`, { email: buyer.email, role: 'admin' }, admin);
  const list = await post(base, '/api/price-lists', { name: 'Bench distributor', percentOff: 30 }, admin);
  await post(base, `/api/price-lists/${String(list.json.id)}/assignments`, { companyId }, admin);
  const cookie = (
    await post(base, '/api/auth/sign-in/email', { email: buyer.email, password: buyer.password })
  ).cookie;
  const page = (await (await fetch(`${base}/api/products`, { headers: { cookie } })).json()) as {
    priceList?: string;
  }[];
  if (!page.some((product) => product.priceList === 'Bench distributor'))
    throw new Error('the bench buyer sees no contract price: the price list did not apply');
  return cookie;
}

/** A one-route server in its own process, answering `body` from memory. */
async function bareServer(code: (port: number) => string, body: Buffer): Promise<[string, ChildProcess]> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', code(port)], {
    env: { ...process.env, BODY: body.toString('base64') },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url, child);
  return [url, child];
}

const section: BenchSection = {
  title: `Catalogue read, GET /api/products (${CONNECTIONS} connections, ${DURATION_S} s each)`,
  async run() {
    const server = await startServer({
      ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL }),
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    });
    const children: ChildProcess[] = [];
    try {
      const body = Buffer.from(await (await fetch(`${server.url}/api/products`)).arrayBuffer());
      const [nodeUrl, node] = await bareServer(
        (port) => `const body = Buffer.from(process.env.BODY, 'base64');
         require('node:http').createServer((req, res) => {
           res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
           res.end(body);
         }).listen(${port}, '127.0.0.1');`,
        body,
      );
      children.push(node);
      const [fastifyUrl, fastify] = await bareServer(
        (port) => `const body = Buffer.from(process.env.BODY, 'base64');
         const app = require('fastify')();
         app.get('/', (req, reply) => { reply.type('application/json; charset=utf-8').send(body); });
         app.listen({ port: ${port}, host: '127.0.0.1' });`,
        body,
      );
      children.push(fastify);

      const bareNode = await load('bare node:http', nodeUrl);
      const bareFastify = await load('bare Fastify', fastifyUrl);
      const products = await load('GET /api/products', `${server.url}/api/products`);
      const cookie = await contractBuyerCookie(server.url);
      const buyer = await load('GET /api/products as a contract buyer', `${server.url}/api/products`, {
        cookie,
      });
      const ratio = products.rps / bareNode.rps;
      const buyerRatio = products.rps / buyer.rps;
      const figures: Figure[] = [
        {
          name: 'GET /api/products',
          value: Math.round(products.rps),
          unit: 'req/s',
          target: '≥ 0.9 × bare node:http',
          met: ratio >= 0.9,
          baseline: { name: 'bare node:http, same bytes', value: Math.round(bareNode.rps) },
          note: `${ratio.toFixed(2)} × bare node:http, ${(products.rps / bareFastify.rps).toFixed(2)} × bare Fastify (${Math.round(bareFastify.rps)} req/s); p99 ${products.p99} ms; body ${body.length} bytes`,
        },
        {
          name: 'GET /api/products, signed in as a buyer on a contract price list',
          value: Math.round(buyer.rps),
          unit: 'req/s',
          target: 'public read ≤ 1.2 × this',
          met: buyerRatio <= 1.2,
          baseline: { name: 'the public read above', value: Math.round(products.rps) },
          note: `public read ${buyerRatio.toFixed(2)} × this; p99 ${buyer.p99} ms (public ${products.p99} ms)`,
        },
      ];
      return figures;
    } finally {
      for (const child of children) child.kill('SIGTERM');
      await server.stop();
    }
  },
};

export default section;
