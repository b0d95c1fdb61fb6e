import { statfs } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pendingMigrations, pingDatabase } from '../../db/client.ts';
import { errorResponses } from '../../lib/errors.ts';
import { okResponses } from '../../lib/route-schemas.ts';

/** How long readiness waits for each dependency: a load balancer's probe must get its answer in time. */
const CHECK_TIMEOUT_MS = 2_000;
/** Free space of DATA_DIR's disk under which readiness says 'low' (an operator has time to act) and 'full'. */
const DISK_LOW_BYTES = 256 * 1024 * 1024;
const DISK_FULL_BYTES = 16 * 1024 * 1024;

/** How much room DATA_DIR's disk has left (PGlite's files, uploads, the mail folder); 'unknown' if unreadable. */
async function diskRoom(dataDir: string): Promise<'ok' | 'low' | 'full' | 'unknown'> {
  try {
    const { bavail, bsize } = await statfs(dataDir);
    const free = bavail * bsize;
    return free < DISK_FULL_BYTES ? 'full' : free < DISK_LOW_BYTES ? 'low' : 'ok';
  } catch {
    return 'unknown';
  }
}

const ReadinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** 'pending': this instance's code expects migrations the database does not have yet. */
  migrations: z.enum(['up', 'pending', 'unknown']),
  /** Present only when REDIS_URL is set; 'down' means limits are counted per instance meanwhile. */
  redis: z.enum(['up', 'down']).optional(),
  /**
   * How this instance sends mail: 'off' is production without SMTP_URL, where no mail leaves it (reported,
   * not failed: the instance still serves, and another instance with SMTP may send the queued mail).
   */
  mail: z.enum(['smtp', 'files', 'off']),
  /**
   * Room on DATA_DIR's disk: 'low' under 256 MB, 'full' under 16 MB, where uploads and writes are refused
   * with 507 (reported, not failed: reading the catalogue still works).
   */
  disk: z.enum(['ok', 'low', 'full', 'unknown']),
});
type Readiness = z.infer<typeof ReadinessSchema>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the shared rate-limit store answers; undefined when none is configured. */
    redisReady?: () => Promise<boolean>;
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  async function readiness(): Promise<Readiness> {
    const database = (await pingDatabase(app.db, CHECK_TIMEOUT_MS)) ? 'up' : 'down';
    const migrations =
      database === 'down'
        ? 'unknown'
        : await pendingMigrations(app.db).then(
            (pending) => (pending === 0 ? 'up' : 'pending'),
            () => 'unknown' as const,
          );
    const redis = app.redisReady ? ((await app.redisReady()) ? 'up' : 'down') : undefined;
    // Redis is an accelerator: without it limits count per instance, and the instance still serves.
    const status = database === 'up' && migrations === 'up' ? 'ok' : 'unavailable';
    const disk = await diskRoom(app.config.dataDir);
    return { status, database, migrations, ...(redis && { redis }), mail: app.mailer.mode, disk };
  }

  const readinessRoute = {
    schema: {
      tags: ['health'],
      summary:
        'Readiness: 200 when the database answers and is migrated, else 503 naming the failing part (Redis, the mail mode and the room on the disk are reported, not required)',
      response: { 200: ReadinessSchema, ...errorResponses, 503: ReadinessSchema },
    },
  };
  for (const url of ['/health', '/health/ready']) {
    app.get(url, readinessRoute, async (_request, reply) => {
      const result = await readiness();
      return reply.code(result.status === 'ok' ? 200 : 503).send(result);
    });
  }

  app.get(
    '/health/live',
    {
      // The process answers, whatever its load or its database: a liveness probe must not restart a
      // busy instance or one waiting for its database.
      config: { pressureHandler: () => undefined },
      schema: {
        tags: ['health'],
        summary: 'Liveness: 200 while the process answers (never touches the database)',
        response: okResponses(z.object({ status: z.literal('ok') })),
      },
    },
    async () => ({ status: 'ok' as const }),
  );
};
