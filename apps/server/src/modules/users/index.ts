// What other modules may use of the accounts (docs/architecture.md §10).
export { adminEmails } from './service.ts';
