const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id cannot name a row (a product, an order, a checkout…): callers answer 404 without asking the database. */
export const isUuid = (id: string) => UUID_PATTERN.test(id);
