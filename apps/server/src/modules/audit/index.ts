// What other modules may use of the audit log (docs/architecture.md §10): recording an admin's change.
export { changedFields, recordAudit, sameValue, type AuditActor, type AuditRecord } from './service.ts';
