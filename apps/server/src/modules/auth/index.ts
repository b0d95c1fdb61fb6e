// What other modules may use of identity (docs/architecture.md §10).
export { ownImageOrNull } from './identity-rules.ts';
