import { writeLimitOf } from '../../plugins/app/write-limits.ts';

/**
 * The order placement limit (docs/architecture.md §4, abuse): one budget per signed-in account shared by
 * POST /order, POST /checkout and accepting a quote. It lives in the write limits' table.
 */
export const ORDER_RATE_LIMIT = { max: writeLimitOf('POST /api/order').perAccount };
