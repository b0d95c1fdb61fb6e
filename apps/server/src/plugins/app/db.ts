import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Exposes the database as `app.db` and closes it after the server has stopped taking requests. */
export const dbPlugin = fp<{ handle: DatabaseHandle }>(
  async (app, { handle }) => {
    app.decorate('db', handle.db);
    app.addHook('onClose', async () => {
      await handle.close();
    });
  },
  { name: 'db' },
);
