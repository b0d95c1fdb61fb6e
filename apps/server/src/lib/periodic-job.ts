import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A job each server runs every `intervalMs` once it is ready (the order and quote expiry, the overdue
 * reminders), never under NODE_ENV=test (tests call the job themselves). A failed run is logged and the
 * next one tries again; closing the app waits for a run under way.
 */
export const periodicJobPlugin = (
  name: string,
  intervalMs: number,
  run: (app: FastifyInstance) => Promise<unknown>,
) =>
  fp(
    async (app) => {
      if (app.config.NODE_ENV === 'test') return;
      let timer: NodeJS.Timeout | undefined;
      let running: Promise<unknown> = Promise.resolve();
      app.addHook('onReady', async () => {
        timer = setInterval(() => {
          running = run(app).catch((error: unknown) => app.log.error({ err: error }, `${name} failed`));
        }, intervalMs);
        timer.unref();
      });
      app.addHook('onClose', async () => {
        if (timer) clearInterval(timer);
        await running;
      });
    },
    { name, dependencies: ['db'] },
  );
