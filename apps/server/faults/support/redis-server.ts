import { spawn, spawnSync } from 'node:child_process';
import { freePort, sleep } from './ports.ts';

/** A redis-server of the test's own (no persistence), which the test can stop and start again. */
export interface TestRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP / SIGCONT: a Redis that keeps its connections open and answers nothing. */
  pause(): void;
  resume(): void;
}

export const hasRedisServer = () =>
  spawnSync('redis-server', ['--version']).status === 0 && spawnSync('redis-cli', ['--version']).status === 0;

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ReturnType<typeof spawn> | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 50; i++) {
      if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.includes('PONG'))
        return;
      await sleep(100);
    }
    throw new Error('redis-server did not start');
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}/0`,
    start,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}
