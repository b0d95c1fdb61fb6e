import { AUDIT_ACTIONS } from '@forgeline/shared/audit-actions';
import { formatPrice, toDollars } from '@forgeline/shared/money';
import type { AuditEntry } from '@forgeline/shared/schemas/audit';
import { DataTable } from '@/components/ui/data-table';
import { WrapPoints } from '@/components/ui/wrap-points';
import { formatMoment } from '@/lib/format-date';

/** 'priceCents' → 'price', 'availableQuantity' → 'available quantity'; a part number stays as it is. */
const fieldName = (key: string) =>
  /^[a-z][a-zA-Z]*$/.test(key)
    ? key
        .replace(/Cents$/, '')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
    : key;

/** Fields the log keeps in dollars already. */
const DOLLARS = new Set(['total', 'refunded', 'amount', 'creditLimit']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A recorded value as a person reads it: money in dollars, nothing as '—', a list as its items, a small
 * record as 'create 2, update 1' (an import's counts); anything deeper as its JSON.
 */
function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key.endsWith('Cents') && typeof value === 'number') return `$${formatPrice(toDollars(value))}`;
  if (DOLLARS.has(key) && typeof value === 'number') return `$${formatPrice(value)}`;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const flat = (item: unknown) => item === null || typeof item !== 'object';
  if (Array.isArray(value) && value.every(flat)) return value.length ? value.join(', ') : '—';
  if (isRecord(value) && Object.values(value).every(flat))
    return Object.entries(value)
      .map(([name, item]) => `${fieldName(name)} ${valueText(name, item)}`)
      .join(', ');
  return JSON.stringify(value);
}

/**
 * Each field an entry speaks of: 'price: $0.30 → $0.35', or only one side for an addition or a deletion.
 * A field that holds a record on both sides (an import's products by part number) is listed field by
 * field, under its name: 'FL-BRG-6204 price: $2.85 → $2.95'.
 */
function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  prefix = '',
): { key: string; text: string }[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.flatMap((key) => {
    const was = before[key];
    const now = after[key];
    if (isRecord(was) && isRecord(now)) return changes(was, now, `${prefix}${fieldName(key)} `);
    const wasText = key in before ? valueText(key, was) : null;
    const nowText = key in after ? valueText(key, now) : null;
    const text =
      wasText !== null && nowText !== null ? `${wasText} → ${nowText}` : (nowText ?? wasText ?? '—');
    return [{ key: `${prefix}${key}`, text: `${prefix}${fieldName(key)}: ${text}` }];
  });
}

/** The audit log page's table (decision 0106): newest first, stacked into cards on a narrow screen. */
export const AuditTable = ({ entries }: { entries: AuditEntry[] }) => (
  <DataTable
    label="Audit log table"
    stackBelow="3xl"
    compact
    columns={['When', 'Admin', 'Action', 'Subject', 'Changes']}
    rows={entries}
    renderRow={(entry) => (
      <tr key={entry._id} data-testid="audit-row" data-action={entry.action}>
        <td className="whitespace-nowrap" data-label="When">
          <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
        </td>
        <td data-label="Admin">
          <WrapPoints text={entry.actorEmail} />
        </td>
        <td className="whitespace-nowrap font-medium" data-label="Action">
          {AUDIT_ACTIONS[entry.action]}
        </td>
        <td data-label="Subject">
          <WrapPoints text={entry.subjectLabel} />
        </td>
        <td data-label="Changes">
          <ul className="flex flex-col gap-0.5 text-sm">
            {changes(entry.before ?? {}, entry.after ?? {}).map((change) => (
              <li key={change.key} className="wrap-anywhere">
                {change.text}
              </li>
            ))}
          </ul>
        </td>
      </tr>
    )}
  />
);
