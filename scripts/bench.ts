// Catalogue read throughput: GET /api/products on the real server, against a bare node:http server
// answering the same bytes from memory (the ceiling of Node itself) and a bare Fastify doing the same
// (the ceiling of the web framework); /api/health, which asks the database each time, for scale.
// Prints requests/s, p50, p99 and the ratios. Not a test.
//   npm run bench                  (PGlite in a temporary folder)
//   DATABASE_URL=postgres://... npm run bench
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer in 60 s`);
}

type Row = Awaited<ReturnType<typeof load>>;

async function load(name: string, url: string) {
  // A short warm-up, so that JIT and caches are in the state a busy server is in.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forgeline-bench-'));
const children: ChildProcess[] = [];
try {
  const appPort = await freePort();
  const app = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PAYMENTS: 'test',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(app);
  const base = `http://127.0.0.1:${appPort}`;
  await waitFor(`${base}/api/health`, app);

  const body = Buffer.from(await (await fetch(`${base}/api/products`)).arrayBuffer());
  const barePort = await freePort();
  // The same bytes, from memory, by Node's own HTTP server in its own process.
  const bare = spawn(
    process.execPath,
    [
      '-e',
      `const body = Buffer.from(process.env.BODY, 'base64');
       require('node:http').createServer((req, res) => {
         res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
         res.end(body);
       }).listen(${barePort}, '127.0.0.1');`,
    ],
    { env: { ...process.env, BODY: body.toString('base64') }, stdio: 'inherit' },
  );
  children.push(bare);
  await waitFor(`http://127.0.0.1:${barePort}/`, bare);

  const fastifyPort = await freePort();
  // And by a bare Fastify with no plugins: the web framework's own ceiling.
  const bareFastify = spawn(
    process.execPath,
    [
      '-e',
      `const body = Buffer.from(process.env.BODY, 'base64');
       const app = require('fastify')();
       app.get('/', (req, reply) => { reply.type('application/json; charset=utf-8').send(body); });
       app.listen({ port: ${fastifyPort}, host: '127.0.0.1' });`,
    ],
    { env: { ...process.env, BODY: body.toString('base64') }, stdio: 'inherit' },
  );
  children.push(bareFastify);
  await waitFor(`http://127.0.0.1:${fastifyPort}/`, bareFastify);

  console.log(`${CONNECTIONS} connections, ${DURATION_S} s each; catalogue body ${body.length} bytes\n`);
  const rows = [
    await load('bare node:http, same bytes', `http://127.0.0.1:${barePort}/`),
    await load('bare Fastify, same bytes', `http://127.0.0.1:${fastifyPort}/`),
    await load('GET /api/health', `${base}/api/health`),
    await load('GET /api/products', `${base}/api/products`),
  ];
  console.table(rows.map((row) => ({ ...row, rps: Math.round(row.rps) })));
  const [node, fastify, , products] = rows as [Row, Row, Row, Row];
  console.log(`/api/products vs bare node:http: ${(products.rps / node.rps).toFixed(2)}`);
  console.log(`/api/products vs bare Fastify:   ${(products.rps / fastify.rps).toFixed(2)}`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
