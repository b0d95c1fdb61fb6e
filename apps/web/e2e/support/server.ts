import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from this file's place (apps/web/e2e/support). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const START_TIMEOUT_MS = 60_000;

export type RunningServer = {
  url: string;
  /** The server's DATA_DIR: its outbox holds the e-mails it sent (no SMTP_URL in tests). */
  dataDir: string;
  stop(): Promise<void>;
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('Could not read the port of the probe socket'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the real server (apps/server/src/server.ts) on a free port with a fresh DATA_DIR, and waits for
 * GET /api/health to answer 200. It serves the built SPA from apps/web/dist: build it first. `env`: settings
 * of this server (a seller registered for tax, say).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // A journey that runs fakes beside the server may pin its port (PORT in env); else any free one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forgeline-e2e-'));
  const url = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let stderr = '';
  let stdout = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  let exitCode: number | null | undefined;
  let exitSignal: NodeJS.Signals | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitCode = code;
      exitSignal = signal;
      resolve();
    });
  });

  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });

  const stop = async () => {
    if (exitCode === undefined) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    cleanUp();
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      cleanUp();
      throw new Error(
        `The server exited before it was ready (code ${String(exitCode)}, signal ${String(exitSignal)}).\n` +
          `stderr:\n${stderr}\nstdout:\n${stdout}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return { url, dataDir, stop };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }

  await stop();
  throw new Error(
    `The server did not answer GET /api/health within ${START_TIMEOUT_MS} ms.\nstderr:\n${stderr}`,
  );
}
