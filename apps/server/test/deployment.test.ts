import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// What of the deployment can run without a Docker engine (there is none on our machines): the compose
// file against the Compose schema, the entrypoint script, and the image's exact start and health-check
// commands run as plain processes. Building the image and `docker compose up` are not tested here.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const entrypoint = path.join(root, 'docker/entrypoint.sh');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

interface ComposeService {
  build?: string;
  image?: string;
  mem_limit?: string;
  stop_grace_period?: string;
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] };
}
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
  configs: Record<string, { content: string }>;
};

/** The JSON array of a Dockerfile instruction (`CMD ["node", …]`). */
const instruction = (name: string): string[] =>
  JSON.parse(new RegExp(`^${name} (\\[.*\\])$`, 'm').exec(dockerfile)?.[1] ?? 'null') as string[];

const runEntrypoint = (env: Record<string, string>, command: string[]) =>
  spawnSync('sh', [entrypoint, ...command], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe('docker-compose.yml', () => {
  it('passes dclint (the Compose specification schema and its rules)', () => {
    const result = spawnSync(path.join(root, 'node_modules/.bin/dclint'), ['docker-compose.yml'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  });

  it('runs two identical production instances on PostgreSQL, Redis and S3, behind a balancer probing readiness', () => {
    const { app1, app2, lb, postgres, redis, minio } = compose.services;
    expect(app1).toEqual(app2);
    expect(app1?.build).toBe('.');
    expect(app1?.environment).toMatchObject({
      NODE_ENV: 'production',
      SEED_DEMO_DATA: 'false',
      TRUST_PROXY: 'true',
      DATABASE_URL: expect.stringMatching(/^postgres:\/\/.*@postgres:5432\//),
      REDIS_URL: expect.stringMatching(/^redis:\/\/redis:6379/),
      S3_ENDPOINT: 'http://minio:9000',
      // Required: compose refuses to start without them (${VAR:?message}).
      AUTH_SECRET: expect.stringMatching(/^\$\{AUTH_SECRET:\?/),
    });
    expect(app1?.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' } });
    expect(postgres?.healthcheck?.test).toContain('pg_isready');
    expect(redis?.image).toMatch(/^redis:/);
    expect(minio?.image).toMatch(/^minio\//);
    expect(lb?.image).toMatch(/^caddy:/);
    const caddyfile = compose.configs.caddyfile?.content ?? '';
    expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(caddyfile).toMatch(/health_uri \/api\/health\/ready/);
  });

  it('runs as production needs: pinned images, memory limits, a grace period longer than the app’s, TLS, backups', () => {
    const services = Object.entries(compose.services);
    for (const [name, service] of services) {
      expect(service.mem_limit, name).toMatch(/^\d+[mg]$/);
      // A tag naming one release (not `postgres:16` or `latest`), or the app's own build.
      if (!service.build) expect(service.image, name).toMatch(/:(\d+\.\d+(\.\d+)?(-[a-z]+)?|RELEASE\..+)$/);
    }
    const app = compose.services.app1!;
    const graceSeconds = Number(/^(\d+)s$/.exec(app.stop_grace_period ?? '')?.[1]);
    expect(graceSeconds * 1000).toBeGreaterThan(Number(app.environment?.SHUTDOWN_GRACE_MS) + 5_000);
    // TLS at the proxy: Caddy serves HTTPS for the site's name (not a bare :80), on 443.
    const caddyfile = compose.configs.caddyfile?.content ?? '';
    expect(caddyfile).toMatch(/^\{\$\$SITE_ADDRESS\} \{/m); // compose turns $$ into $
    expect(compose.services.lb?.ports).toContain('0.0.0.0:443:443');
    expect(app.environment?.PUBLIC_URL).toMatch(/https:\/\//);
    // Daily backups with the scripts tested in apps/server/faults/backup.fault.test.ts.
    expect(compose.services.backup?.volumes).toContain(
      './docker/backup.sh:/usr/local/bin/forgeline-backup:ro',
    );
    expect(compose.services.backup?.image).toBe(compose.services.postgres?.image);
  });

  it('keeps secrets out of the image (.dockerignore) and runs the server under an init process', () => {
    const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    for (const secret of ['.env', '.env.*', 'data']) expect(ignored).toContain(secret);
    expect(instruction('ENTRYPOINT')[0]).toBe('/usr/bin/tini');
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:\d+\.\d+\.\d+-bookworm-slim$/m);
  });
});

describe('docker/healthcheck.mjs', () => {
  it('restarts a server that stopped answering (three failures in a row), never one still starting', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'forgeline-health-'));
    const port = await freePort();
    // Stands in for the container's init process: the check's SIGTERM goes to it.
    const init = spawn('sleep', ['60']);
    const stopped = new Promise<NodeJS.Signals | null>((resolve) =>
      init.once('exit', (_code, signal) => resolve(signal)),
    );
    const env = {
      PATH: process.env.PATH,
      PORT: String(port),
      HEALTHCHECK_STATE_FILE: path.join(dir, 'state'),
      HEALTHCHECK_INIT_PID: String(init.pid),
    };
    // Run without blocking this process: the stand-in server below answers from it.
    const check = () =>
      new Promise<number | null>((resolve) =>
        spawn('node', ['docker/healthcheck.mjs'], { cwd: root, env, stdio: 'ignore' }).once('exit', resolve),
      );
    try {
      // Starting: nothing answers yet, however often it is asked.
      for (let i = 0; i < 4; i++) expect(await check()).toBe(1);
      expect(init.exitCode).toBeNull();
      const server = createHttpServer((request, response) =>
        response.writeHead(request.url === '/api/health/live' ? 200 : 404).end(),
      ).listen(port, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      expect(await check()).toBe(0);
      await new Promise((resolve) => server.close(resolve));
      expect(await check()).toBe(1);
      expect(await check()).toBe(1);
      expect(init.exitCode).toBeNull();
      expect(init.signalCode).toBeNull();
      expect(await check()).toBe(1);
      expect(await stopped).toBe('SIGTERM');
    } finally {
      init.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('docker/entrypoint.sh', () => {
  it('refuses to start production without AUTH_SECRET and PUBLIC_URL, naming them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'forgeline-entry-'));
    try {
      const result = runEntrypoint({ NODE_ENV: 'production', DATA_DIR: dir }, ['true']);
      expect(result.status).toBe(64);
      expect(result.stderr).toContain('set AUTH_SECRET PUBLIC_URL before starting in production');
      const one = runEntrypoint({ NODE_ENV: 'production', DATA_DIR: dir, AUTH_SECRET: 'x'.repeat(40) }, [
        'true',
      ]);
      expect(one.status).toBe(64);
      expect(one.stderr).toContain('set PUBLIC_URL before');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes the data folder and runs the command as itself (exec), passing its exit code', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'forgeline-entry-')), 'data');
    try {
      const env = {
        NODE_ENV: 'production',
        DATA_DIR: dir,
        AUTH_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://x.test',
      };
      const result = runEntrypoint(env, ['sh', '-c', 'echo "pid $$"; exit 7']);
      expect(result.status).toBe(7);
      // exec: the command is the process the container runs (signals reach the server, not a shell).
      expect(result.stdout.trim()).toBe(`pid ${result.pid}`);
      expect(statSync(dir).isDirectory()).toBe(true);
      // Without DATABASE_URL it says the embedded database is for one instance only.
      expect(result.stderr).toContain('one instance only');
      // Development needs none of the production settings.
      expect(runEntrypoint({ NODE_ENV: 'development', DATA_DIR: dir }, ['true']).status).toBe(0);
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});

describe('the image start, outside Docker', () => {
  it("starts production with the Dockerfile's entrypoint and CMD, answers its HEALTHCHECK, and exits 0 on SIGTERM", async () => {
    const command = instruction('CMD');
    // The same command as `npm run serve`: no build at run time.
    expect(command.join(' ')).toBe(
      (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { serve: string } })
        .scripts.serve,
    );
    expect(dockerfile).toMatch(/^USER node$/m);
    const healthcheck = JSON.parse(/^ {2}CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? 'null') as string[];
    expect(healthcheck).toEqual(['node', 'docker/healthcheck.mjs']);

    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'forgeline-image-'));
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'deployment-test-secret-deployment-test-secret',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PAYMENTS: 'test',
      LOG_LEVEL: 'warn',
    };
    // The image runs tini first (ENTRYPOINT ["/usr/bin/tini", "--", "forgeline-entrypoint"]); here the
    // entrypoint script is run directly.
    expect(instruction('ENTRYPOINT')).toEqual(['/usr/bin/tini', '--', 'forgeline-entrypoint']);
    const child = spawn('sh', [entrypoint, ...command], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // Never this machine's PID 1: the check's restart is tested on its own below.
      const checkEnv = {
        ...env,
        HEALTHCHECK_STATE_FILE: path.join(dataDir, 'health'),
        HEALTHCHECK_RESTART: 'off',
      };
      const check = () =>
        spawnSync(healthcheck[0]!, healthcheck.slice(1), { cwd: root, env: checkEnv, encoding: 'utf8' })
          .status;
      // A cold start compiles the server with tsx and migrates a new PGlite database: on a CI machine
      // busy with the other test files that can take a minute; the HEALTHCHECK's start period is 30 s.
      await expect.poll(check, { timeout: 150_000, interval: 500 }).toBe(0);
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
      // Without Redis, production says that rate limits count per instance.
      expect(output).toContain('REDIS_URL is not set: rate limits count in each instance on its own');
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
