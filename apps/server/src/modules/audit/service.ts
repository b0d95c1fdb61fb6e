import type { AuditAction } from '@forgeline/shared/audit-actions';
import type { AuditQuery } from '@forgeline/shared/schemas/audit';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { createAuditRepository } from './repository.ts';

/** Who did it: the signed-in admin (or the operator's CLI, which names itself). */
export interface AuditActor {
  id: string | null;
  email: string;
}

export interface AuditRecord {
  action: AuditAction;
  subject: {
    type:
      | 'user'
      | 'product'
      | 'order'
      | 'invoice'
      | 'quote'
      | 'company'
      | 'checkout'
      | 'price_list'
      | 'customer_group'
      | 'tax_rate'
      | 'tax_exemption'
      | 'category'
      | 'api_key'
      | 'webhook'
      | 'delivery_zone'
      | 'delivery_method'
      | 'return';
    id: string | null;
    label: string;
  };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes an entry in `tx`, the transaction of the change itself (docs/decisions/0106): a change that
 * rolls back, or is refused, leaves no entry; an entry never lacks its change.
 */
export async function recordAudit(tx: Executor, actor: AuditActor, record: AuditRecord): Promise<void> {
  await createAuditRepository(tx).insert({
    actorId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    subjectType: record.subject.type,
    subjectId: record.subject.id,
    subjectLabel: record.subject.label,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/**
 * The fields of `after` whose value differs from `before`, each side with only those: an edit's entry
 * says what changed, not the whole row. Values are compared as JSON.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (after[key] === undefined) continue;
    if (sameValue(before[key], after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key];
  }
  return { before: was, after: now };
}

/**
 * Whether two values are equal as JSON, whatever the order of their keys: PostgreSQL's jsonb gives an
 * object's keys back in an order of its own (shortest first), so `{ minQuantity, priceCents }` saved
 * comes back as `{ priceCents, minQuantity }`: the same price break.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item) && !(item instanceof Date)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );

export async function listAudit(deps: Pick<AppDeps, 'db'>, query: AuditQuery) {
  return createAuditRepository(deps.db).page({ ...query, limit: query.limit ?? 50 });
}
