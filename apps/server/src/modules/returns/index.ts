// What other modules may use of returns (docs/architecture.md §10): nothing yet; its routes are its door.
export { listMyReturns } from './service.ts';
