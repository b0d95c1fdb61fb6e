import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobOptions } from '../plugins/app/jobs.ts';

/**
 * A job run every `intervalMs` on the job queue (the order and quote expiry, the overdue reminders):
 * one run at a time per database however many instances serve it, retried with backoff when it fails,
 * tried again by another instance when its own died mid-run (docs/decisions/0242). Not under
 * NODE_ENV=test unless JOBS=on (tests call the job themselves). Each job makes its effect once on its
 * own: it claims its rows (FOR UPDATE SKIP LOCKED, or an UPDATE … RETURNING), so a run repeated after a
 * crash finds nothing left to do twice.
 */
export const periodicJobPlugin = (
  name: string,
  intervalMs: number,
  run: (app: FastifyInstance) => Promise<unknown>,
  options?: JobOptions,
) =>
  fp(
    async (app) => {
      app.jobs.every(name, intervalMs / 1000, () => run(app), options);
    },
    { name, dependencies: ['db', 'jobs'] },
  );
