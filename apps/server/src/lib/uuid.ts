import { notFound } from './errors.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id cannot name a row (a product, an order, a checkout…): callers answer 404 without asking the database. */
export const isUuid = (id: string) => UUID_PATTERN.test(id);

/**
 * A preHandler for a plugin's routes with an `:id` of a table keyed by UUID: a malformed id names
 * nothing, so it answers 404 ("<what> not found.") as an unknown one does, before any query.
 */
export const notFoundUnlessUuid =
  (whatOf: (url: string) => string) =>
  async (request: { params: unknown; routeOptions: { url?: string | undefined } }) => {
    const { id } = (request.params ?? {}) as { id?: unknown };
    if (typeof id === 'string' && !isUuid(id)) throw notFound(whatOf(request.routeOptions.url ?? ''));
  };
