import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './ports.ts';

/**
 * A PostgreSQL cluster of the test's own, on its own port and socket folder, so that the shared server
 * is never touched: the fault tests terminate its backends and pause it. Needs the server binaries
 * (Debian: postgresql, in /usr/lib/postgresql/N/bin). PostgreSQL refuses to run as root: as root, the
 * cluster runs as the `postgres` user (runuser).
 */
export interface TestCluster {
  url: string;
  /** SQL as the superuser, on a connection of its own. */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** Terminates every backend of the database but the caller's (what a failover or a DBA does). */
  terminateBackends(): Promise<number>;
  /** SIGSTOP / SIGCONT to every process of the cluster: a server that hangs, answering nothing. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

export function postgresBinDir(): string | undefined {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv && existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], 'bin');
}

export async function startCluster(): Promise<TestCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'forgeline-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) {
      throw new Error(`${command} failed (${result.status}):\n${result.stderr}\n${result.stdout}`);
    }
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  run('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=60`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/forgeline`;
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await withClient(admin, (client) => client.query('CREATE DATABASE forgeline'));

  const pids = () => {
    const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
    return [postmaster, ...children];
  };

  return {
    url,
    query: (text, values) => withClient(url, async (client) => (await client.query(text, values)).rows),
    async terminateBackends() {
      const rows = await withClient(
        url,
        async (client) =>
          (
            await client.query(
              `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = 'forgeline' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
            )
          ).rows,
      );
      return rows.length;
    },
    pause() {
      for (const pid of pids()) process.kill(pid, 'SIGSTOP');
    },
    resume() {
      for (const pid of pids()) process.kill(pid, 'SIGCONT');
    },
    async stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
