import { AUDIT_ACTIONS, formatPrice, type AuditEntry } from '@forgeline/shared';
import { TableRegion } from '@/components/ui/table-region';
import { WrapPoints } from '@/components/ui/wrap-points';
import { formatMoment } from '@/lib/format-date';

/** 'priceCents' → 'price', 'availableQuantity' → 'available quantity': the words of a field's name. */
const fieldName = (key: string) =>
  key
    .replace(/Cents$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

/** Fields the log keeps in dollars already. */
const DOLLARS = new Set(['total', 'refunded', 'amount', 'creditLimit']);

/** A recorded value as a person reads it: money in dollars, nothing as '—', lists as their JSON. */
function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key.endsWith('Cents') && typeof value === 'number') return `$${formatPrice(value / 100)}`;
  if (DOLLARS.has(key) && typeof value === 'number') return `$${formatPrice(value)}`;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Each field an entry speaks of: 'price: $0.30 → $0.35', or only one side for an addition or a deletion. */
function changes(entry: AuditEntry): { key: string; text: string }[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((key) => {
    const was = key in before ? valueText(key, before[key]) : null;
    const now = key in after ? valueText(key, after[key]) : null;
    const text = was !== null && now !== null ? `${was} → ${now}` : (now ?? was ?? '—');
    return { key, text: `${fieldName(key)}: ${text}` };
  });
}

/** The audit log page's table (decision 0106): newest first, stacked into cards on a narrow screen. */
export const AuditTable = ({ entries }: { entries: AuditEntry[] }) => (
  <TableRegion label="Audit log table">
    <table className="table table-zebra table-sm @max-3xl:stacked-rows">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Admin</th>
          <th scope="col">Action</th>
          <th scope="col">Subject</th>
          <th scope="col">Changes</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
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
                {changes(entry).map((change) => (
                  <li key={change.key} className="break-words">
                    {change.text}
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </TableRegion>
);
