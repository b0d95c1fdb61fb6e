import type { AttributeDef, AttributeValue } from '@forgeline/shared/catalogue';
import type { Category } from '@forgeline/shared/schemas/catalogue';
import type { AttributeRow, CategoryRow } from '../../db/schema/index.ts';

/** The category tree as read at once, with the walks the catalogue needs. */
export interface CategoryTree {
  rows: readonly CategoryRow[];
  /** A category by its address name or its id. */
  find(ref: string): CategoryRow | undefined;
  /** From the top category down to this one. */
  line(id: string): CategoryRow[];
  /** This category and every one below it. */
  subtree(id: string): string[];
  children(id: string | null): CategoryRow[];
}

export function treeOf(rows: readonly CategoryRow[]): CategoryTree {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  const childrenOf = new Map<string | null, CategoryRow[]>();
  for (const row of rows) childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
  return {
    rows,
    find: (ref) => bySlug.get(ref) ?? byId.get(ref),
    line(id) {
      const line: CategoryRow[] = [];
      // The tree has no cycle (the edits refuse one); the bound only keeps a damaged row from looping.
      for (
        let at = byId.get(id);
        at && line.length <= rows.length;
        at = at.parentId ? byId.get(at.parentId) : undefined
      ) {
        line.unshift(at);
      }
      return line;
    },
    subtree(id) {
      const ids: string[] = [];
      const queue = [id];
      while (queue.length > 0 && ids.length <= rows.length) {
        const next = queue.shift()!;
        ids.push(next);
        queue.push(...(childrenOf.get(next) ?? []).map((row) => row.id));
      }
      return ids;
    },
    children: (id) => childrenOf.get(id) ?? [],
  };
}

export const toCategoryDto = (row: CategoryRow): Category => ({
  _id: row.id,
  slug: row.slug,
  name: row.name,
  description: row.description,
  parentId: row.parentId,
  inches: row.inches,
  position: row.position,
});

export const toAttributeDef = (row: AttributeRow): AttributeDef & { id: string } => ({
  id: row.id,
  key: row.key,
  label: row.label,
  type: row.type,
  unit: row.unit,
  options: row.options,
});

/** A part's values by key, from its values by attribute id. */
export function valuesByKey(
  values: ReadonlyMap<string, AttributeValue>,
  attributes: readonly (AttributeDef & { id: string })[],
): Record<string, AttributeValue> {
  const byKey: Record<string, AttributeValue> = {};
  for (const attribute of attributes) {
    const value = values.get(attribute.id);
    if (value !== undefined) byKey[attribute.key] = value;
  }
  return byKey;
}
