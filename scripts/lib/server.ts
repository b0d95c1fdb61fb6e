// Starting the real server for the scripts (bench, lighthouse): a free port, a fresh data folder, and a
// wait until it answers. Tests have their own copy in apps/web/e2e/support/server.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A port nobody listens on; `PORT_BASE` (e.g. 4500) makes it the first free one from there instead. */
export const freePort = (base = Number(process.env.PORT_BASE ?? 0)): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (base && error.code === 'EADDRINUSE') resolve(freePort(base + 1));
      else reject(error);
    });
    server.listen(base, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export async function waitFor(url: string, child?: ChildProcess): Promise<void> {
  for (let i = 0; i < 900; i++) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer in 90 s`);
}

export type StartedServer = { url: string; port: number; stop(): Promise<void> };

/** The real server (NODE_ENV=production, built-in test payments) on a free port with its own DATA_DIR. */
export async function startServer(env: Record<string, string> = {}): Promise<StartedServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forgeline-script-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PAYMENTS: 'test',
      // Production no longer seeds by default; the scripts need the demo catalogue to measure.
      SEED_DEMO_DATA: 'true',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/api/health`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, stop };
}
