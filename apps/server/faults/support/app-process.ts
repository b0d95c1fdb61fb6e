import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, sleep } from './ports.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The server as production runs it: its own process, NODE_ENV=production, real signals. */
export interface AppProcess {
  url: string;
  dataDir: string;
  /** Everything it logged so far (stdout and stderr). */
  output(): string;
  running(): boolean;
  /** Sends the signal and waits for the exit: its code and how long it took. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

export async function startApp(env: Record<string, string>, dataDir?: string): Promise<AppProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'forgeline-fault-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PAYMENTS: 'test',
      AUTH_SECRET: 'fault-tests-secret-fault-tests-secret-0123',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  let exit: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exit = code;
      resolve();
    }),
  );

  const app: AppProcess = {
    url,
    dataDir: dir,
    output: () => output,
    running: () => exit === undefined,
    async stop(signal = 'SIGTERM') {
      const started = Date.now();
      if (exit === undefined) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(timer);
      }
      return { code: exit ?? null, ms: Date.now() - started };
    },
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exit !== undefined) throw new Error(`The server exited before it was ready (${exit}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return app;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await app.stop('SIGKILL');
  throw new Error(`The server was not ready within 60 s:\n${output}`);
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

/** A signed-in customer: the session cookie to send with each request. */
export async function signUp(url: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ name: email.split('@')[0], email, password: 'fault-test-password' }),
  });
  if (res.status !== 200) throw new Error(`sign-up ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, origin: url };
}
