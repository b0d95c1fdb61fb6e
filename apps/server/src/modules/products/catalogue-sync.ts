import fp from 'fastify-plugin';
import { notify, type DatabaseHandle } from '../../db/client.ts';

/** The PostgreSQL channel on which a catalogue change is announced to every instance. */
export const CATALOGUE_CHANNEL = 'forgeline_catalogue';

/**
 * Catalogue changes reach every instance at once: a write in one instance NOTIFYs the others (and
 * itself, harmlessly), each of which marks its cached pages stale. Works on PGlite as on PostgreSQL.
 * A notification lost with the listening connection is covered by the listener calling back on
 * reconnect, and by the cache's short time-to-live.
 */
export const catalogueSyncPlugin = fp<{ handle: DatabaseHandle }>(
  async (app, { handle }) => {
    const cache = app.catalogueCache;
    const unlisten = await handle.listen(CATALOGUE_CHANNEL, () => cache.markStale());
    // One announcement in flight at a time: changes made meanwhile (a burst of orders) are announced
    // together by one more as soon as it returns, not by a query each.
    let announcing = false;
    let again = false;
    const announce = () => {
      if (announcing) {
        again = true;
        return;
      }
      announcing = true;
      notify(app.db, CATALOGUE_CHANNEL)
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'catalogue change not announced to other instances');
        })
        .finally(() => {
          announcing = false;
          if (again) {
            again = false;
            announce();
          }
        });
    };
    cache.onInvalidate = announce;
    app.addHook('onClose', async () => {
      cache.onInvalidate = undefined;
      await unlisten();
    });
  },
  { name: 'catalogue-sync', dependencies: ['db'] },
);
