import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { DatabaseHandle, Executor, JobsSql } from '../../db/client.ts';

/**
 * The job queue (docs/decisions/0242): pg-boss on the application's own database, PostgreSQL or the
 * embedded PGlite alike, through pg-boss's `db` adapter. Every background effect is a job: the periodic
 * ones (expiry, reminders, the mail outbox, purges) as chains of delayed jobs, one chain per database
 * however many instances run; the others sent with `send(tx, …)` in the transaction of the change they
 * follow. A job runs at least once: its handler must make its effect once (a claim or a guard in the
 * database), as every handler here does.
 */
export interface JobOptions {
  /** Tries after the first when the handler throws, with exponential backoff from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run that has not finished in this time (its instance died) is tried again. */
  expireInSeconds?: number;
}

export interface JobQueue {
  /** Whether this instance works jobs (JOBS=on); off in tests, which call the jobs themselves. */
  readonly running: boolean;
  /**
   * Runs `run` every `everySeconds` on one instance at a time (a chain of delayed jobs under pg-boss's
   * 'stately' policy: at most one waiting and one running per database). Declare before the app is ready.
   */
  every(name: string, everySeconds: number, run: () => Promise<unknown>, options?: JobOptions): void;
  /** A queue whose jobs `send` enqueues and `handle` works, one job at a time per instance. */
  define<T extends object>(
    name: string,
    handle: (data: T, job: { id: string; retryCount: number }) => Promise<unknown>,
    options?: JobOptions,
  ): void;
  /** Enqueues a job through `db`: pass the transaction of the change, so that the job exists exactly when it commits. */
  send(
    db: Executor,
    name: string,
    data: object,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<string | null>;
  /** pg-boss itself, for tests and the dashboard (job states). */
  readonly boss: PgBoss;
}

const DEFAULTS: Required<JobOptions> = { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 15 * 60 };

const SCHEMA = 'pgboss';

/** pg-boss's own SQL builders (untyped, not in its public API): the two statements it does not await. */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

/**
 * pg-boss's SQL on the app's database, with one guard (docs/decisions/0276): after a handler, pg-boss
 * marks its job completed or failed without awaiting or catching the write. That write failing (a
 * backend terminated, the database away, the pool closed at shutdown) was an unhandled rejection, which
 * ends the process. Here it is logged and answered as 'no job changed': the job stays active, expires
 * and is tried again, and every handler makes its effect once.
 */
export function guardedJobsSql(jobsSql: JobsSql, log: Pick<FastifyBaseLogger, 'warn'>): JobsSql {
  const unawaited = new Set([plans.completeJobs(SCHEMA), plans.failJobsById(SCHEMA)]);
  return {
    executeSql(text, values) {
      const result = jobsSql.executeSql(text, values);
      if (!unawaited.has(text)) return result;
      return result.catch((error: unknown) => {
        log.warn({ err: error }, 'job queue: a finished job could not be recorded; it will be tried again');
        return { rows: [{ count: '0' }] };
      });
    },
  };
}

/**
 * pg-boss's SQL on the connection of a Drizzle executor (a transaction, or the database itself): the
 * driver's own client under Drizzle's session (node-postgres's PoolClient, PGlite's transaction), whose
 * `query(text, values)` is what pg-boss expects. Not through `sql`: pg-boss uses one parameter in places
 * of different types, which Drizzle's numbering would split into parameters typed apart.
 */
export function executorSql(db: Executor): JobsSql {
  const client = (db as unknown as { session: { client: JobsSqlClient } }).session.client;
  return {
    async executeSql(text, values = []) {
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}

interface JobsSqlClient {
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export function createJobQueue(options: {
  handle: DatabaseHandle;
  log: FastifyBaseLogger;
  running: boolean;
  /** How often an idle instance looks for work (seconds, ≥ 0.5). */
  pollingIntervalSeconds?: number;
  /** How often expired runs are found and retried (seconds). */
  maintenanceIntervalSeconds?: number;
}) {
  const boss = new PgBoss({
    db: guardedJobsSql(options.handle.jobsSql, options.log),
    schema: SCHEMA,
    migrate: true,
    supervise: options.running,
    schedule: options.running,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  boss.on('error', (error) => options.log.warn({ err: error }, 'job queue'));
  const queues: {
    name: string;
    policy: 'stately' | 'standard';
    options: Required<JobOptions>;
    work: (job: PgBoss.Job<unknown>) => Promise<unknown>;
    pollingIntervalSeconds: number;
    /** For a chain: the delay of its next link. */
    everySeconds?: number;
  }[] = [];
  let started = false;

  const queue: JobQueue & { start(): Promise<void>; stop(): Promise<void> } = {
    running: options.running,
    boss,

    every(name, everySeconds, run, jobOptions) {
      const seconds = Math.max(1, Math.round(everySeconds));
      queues.push({
        name,
        policy: 'stately',
        options: { ...DEFAULTS, ...jobOptions },
        everySeconds: seconds,
        pollingIntervalSeconds: Math.min(2, Math.max(0.5, seconds / 2)),
        work: async () => {
          // The next link first: whatever becomes of this run (a failure, a crash), the chain goes on.
          await boss.send(name, {}, { singletonKey: name, startAfter: seconds });
          await run();
        },
      });
    },

    define(name, handle, jobOptions) {
      queues.push({
        name,
        policy: 'standard',
        options: { ...DEFAULTS, ...jobOptions },
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        work: (job) =>
          handle(job.data as never, {
            id: job.id,
            retryCount: (job as { retryCount?: number }).retryCount ?? 0,
          }),
      });
    },

    async send(db, name, data, sendOptions = {}) {
      return boss.send(name, data, {
        db: executorSql(db),
        ...(sendOptions.singletonKey && { singletonKey: sendOptions.singletonKey }),
        ...(sendOptions.startAfterSeconds && { startAfter: sendOptions.startAfterSeconds }),
      } as PgBoss.SendOptions);
    },

    async start() {
      await boss.start();
      started = true;
      for (const q of queues) {
        await boss.createQueue(q.name, {
          name: q.name,
          policy: q.policy,
          retryLimit: q.options.retryLimit,
          retryDelay: q.options.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: q.options.expireInSeconds,
        });
      }
      if (!options.running) return;
      for (const q of queues) {
        await boss.work(
          q.name,
          {
            batchSize: 1,
            includeMetadata: true,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? q.pollingIntervalSeconds,
          },
          async ([job]) => {
            if (job) await q.work(job);
          },
        );
        // Starts a chain, unless one is waiting already (the stately policy drops the duplicate).
        if (q.everySeconds) await boss.send(q.name, {}, { singletonKey: q.name });
      }
    },

    async stop() {
      if (!started) return;
      started = false;
      // Waits for the jobs under way (their handlers finish), then stops fetching; the connection is the app's.
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 8_000 });
    },
  };
  return queue;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * Decorates `app.jobs`; the queue starts when the app is ready (every module has declared its jobs by
 * then) and stops before the database closes.
 */
export const jobsPlugin = fp<{ handle: DatabaseHandle }>(
  async (app: FastifyInstance, { handle }) => {
    const queue = createJobQueue({
      handle,
      log: app.log,
      running: app.config.JOBS === 'on',
      ...(app.config.NODE_ENV === 'test' && { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 }),
    });
    app.decorate('jobs', queue);
    app.addHook('onReady', async () => {
      await queue.start();
    });
    app.addHook('onClose', async () => {
      await queue.stop();
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
