/**
 * A worker process for jobs-crash.test.ts: opens the database named by JOB_DB (a PostgreSQL URL, or a
 * PGlite folder), works the queue 'crash-effect' and prints 'ready'. Each run of a job appends a line to
 * JOB_LOG; with JOB_HANG=1 a run hangs (the test kills the process then), else it makes the job's
 * effect: one row in job_test_effects, guarded by the job's id as every handler guards its effect.
 * With JOB_SEND=1 it also sends one job, and prints its id.
 */
import { appendFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../src/db/client.ts';
import { createJobQueue } from '../../src/plugins/app/jobs.ts';

const target = process.env.JOB_DB!;
const handle = await openDatabase(/^postgres/.test(target) ? { url: target } : { pgliteDir: target });
await handle.db.execute(
  sql`CREATE TABLE IF NOT EXISTS job_test_effects (job_id uuid PRIMARY KEY, done_by int NOT NULL)`,
);
const queue = createJobQueue({
  handle,
  log: { warn: (obj: object, msg: string) => console.error(msg, obj) } as unknown as FastifyBaseLogger,
  running: true,
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
});
queue.define(
  'crash-effect',
  async (_data, job) => {
    appendFileSync(process.env.JOB_LOG!, `${job.id} ${job.retryCount}\n`);
    if (process.env.JOB_HANG === '1') await new Promise((resolve) => setTimeout(resolve, 120_000));
    await handle.db.execute(
      sql`INSERT INTO job_test_effects (job_id, done_by) VALUES (${job.id}, ${process.pid}) ON CONFLICT DO NOTHING`,
    );
  },
  { expireInSeconds: 2, retryDelaySeconds: 1 },
);
await queue.start();
if (process.env.JOB_SEND === '1') {
  const id = await handle.db.transaction((tx) => queue.send(tx, 'crash-effect', { order: 'SO-1' }));
  console.log(`sent ${id}`);
}
console.log('ready');
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => {
    void queue
      .stop()
      .then(() => handle.close())
      .then(() => process.exit(0));
  });
