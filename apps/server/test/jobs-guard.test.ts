import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobsSql } from '../src/db/client.ts';
import { createJobQueue } from '../src/plugins/app/jobs.ts';
import { buildTestApp, type TestApp } from './helper.ts';

/**
 * pg-boss records a finished job without awaiting the write (docs/decisions/0276). A write that fails
 * there — a backend terminated, the database away, the pool closed at shutdown — must not end the
 * process (an unhandled rejection, which Vitest reports as a failure of this file): the queue logs it,
 * the job stays active to be tried again, and the next jobs are recorded as usual.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('the job queue when recording a finished job fails', () => {
  it('keeps running: the failure is logged, that job stays active, the next one completes', async () => {
    let failNextCompletion = true;
    const jobsSql: JobsSql = {
      executeSql(text, values) {
        if (failNextCompletion && text.includes('completed_on = now()')) {
          failNextCompletion = false;
          return Promise.reject(new Error('terminating connection due to administrator command'));
        }
        return t.handle.jobsSql.executeSql(text, values);
      },
    };
    const warn = vi.fn();
    const log = { ...t.app.log, warn } as unknown as typeof t.app.log;
    const queue = createJobQueue({
      handle: { ...t.handle, jobsSql },
      log,
      running: true,
      pollingIntervalSeconds: 0.5,
    });
    const ran: string[] = [];
    queue.define<{ n: string }>('guard-test', async ({ n }) => {
      ran.push(n);
    });
    await queue.start();
    try {
      const first = await t.app.db.transaction((tx) => queue.send(tx, 'guard-test', { n: 'first' }));
      await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 15_000 });
      expect(warn.mock.calls[0]?.[1]).toBe(
        'job queue: a finished job could not be recorded; it will be tried again',
      );
      expect((await queue.boss.getJobById('guard-test', first!))?.state).toBe('active');

      const second = await t.app.db.transaction((tx) => queue.send(tx, 'guard-test', { n: 'second' }));
      await vi.waitFor(
        async () => expect((await queue.boss.getJobById('guard-test', second!))?.state).toBe('completed'),
        { timeout: 15_000 },
      );
      expect(ran).toEqual(['first', 'second']);
    } finally {
      await queue.stop();
    }
  }, 40_000);
});
