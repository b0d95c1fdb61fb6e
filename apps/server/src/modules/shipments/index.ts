// What other modules may use of shipments (docs/architecture.md §10): when a line's pieces last left.
export { lastShippedAt } from './service.ts';
