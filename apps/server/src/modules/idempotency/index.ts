// What other modules may use of idempotent requests (docs/architecture.md §10): the header and the wrapper.
export { IdempotencyKeyHeaders, withIdempotency } from './idempotency.ts';
