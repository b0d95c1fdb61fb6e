import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditAction } from '../audit-actions.ts';
import { LIMITS } from '../constants.ts';
import { PagedSearchFields, oneWayOfPaging } from './paging.ts';

const actionNames = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

const day = z
  .string()
  .max(10, 'Use a date like 2026-11-24')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-24')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'This date does not exist');

/**
 * `GET /api/audit` (admins): one page, newest first. `search` finds the subject (an order number, a
 * product's name, an e-mail address); `actor` the admin's e-mail; `from`/`to` are whole days (UTC).
 */
export const AuditQuerySchema = z
  .object({
    ...PagedSearchFields,
    limit: PagedSearchFields.limit.default(50),
    action: z.enum(actionNames, { error: 'Choose an action from the list' }).optional(),
    actor: z
      .string()
      .trim()
      .max(LIMITS.emailMax, `actor must be ${LIMITS.emailMax} characters or fewer`)
      .optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine(...oneWayOfPaging)
  .refine((query) => !(query.from && query.to && query.from > query.to), {
    message: 'The first day must not be after the last',
    path: ['from'],
  });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actorEmail: z.string(),
  action: z.enum(actionNames),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  subjectLabel: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
