import { and, asc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import {
  RANGE_TOLERANCE,
  type AttributeType,
  type AttributeValue,
  type Filter,
} from '@forgeline/shared/catalogue';
import type { Executor } from '../../db/client.ts';
import { productAttributeValues, productCategories, productFacets, products } from '../../db/schema/index.ts';
import { closeToSearch, containsSearch, listedWhere, visibleWhere, type Visibility } from './repository.ts';

/** Which parts a category's or a search's page is about, before its filters. */
export interface BrowseScope {
  /** The search's text (trimmed), or undefined on a category page without one. */
  search: string | undefined;
  visibility: Visibility;
  /** The category and every one below it; null on a search over the whole catalogue. */
  categoryIds: readonly string[] | null;
}

/** A filter in force, on the attribute it names. */
export interface AttributeFilter {
  attributeId: string;
  filter: Filter;
}

/** The counts of a page: per attribute value among the parts passing every _other_ filter, per category among those passing all. */
export interface BrowseCounts {
  values: { attributeId: string; value: AttributeValue; count: number }[];
  /** Matching parts per category they sit in (null: in none). */
  categories: Map<string | null, number>;
}

/** A category's page without a search: its counts and the ids of its page of parts, in order. */
export interface CategoryPage {
  counts: BrowseCounts;
  pageIds: string[];
  /** The page's parts' category and values, from their facet rows (what specsOf would read again). */
  pageSpecs: Map<string, { categoryId: string; values: Map<string, AttributeValue> }>;
}

/** How a search finds its parts: containing the text, or (when nothing does) close to it. */
export type SearchMode = 'contains' | 'close';

/**
 * The SQL of a catalogue page (docs/decisions/0249): which parts the viewer sees in the scope, which of
 * them pass the filters, a page of them in the search's order, and the counts of the filters, all in the
 * database, exact at any size.
 */
export function createBrowseRepository(db: Executor) {
  /** The close search sets its threshold for its own transaction (as the search of decision 0180). */
  const inMode = <T>(mode: SearchMode, work: (on: Executor) => Promise<T>) =>
    mode === 'contains'
      ? work(db)
      : db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.5', true)`);
          return work(tx);
        });

  /**
   * The scope as a condition on products, and the search's order; `joined`: the statement joins the
   * category's parts itself, so the condition leaves the categories out.
   */
  const scopeOf = (scope: BrowseScope, mode: SearchMode, joined = false): [SQL | undefined, SQL[]] => {
    const [matching, order] = !scope.search
      ? [undefined, []]
      : mode === 'contains'
        ? containsSearch(scope.search)
        : closeToSearch(scope.search);
    const inCategories =
      scope.categoryIds === null || joined
        ? undefined
        : scope.categoryIds.length === 0
          ? sql`false`
          : inArray(
              products.id,
              db
                .select({ id: productCategories.productId })
                .from(productCategories)
                .where(inArray(productCategories.categoryId, [...scope.categoryIds])),
            );
    return [
      and(visibleWhere(scope.visibility), listedWhere(false, scope.search), inCategories, matching),
      order,
    ];
  };

  return {
    /**
     * A category's page without a search, from the facet index (docs/decisions/0265): the rows of the
     * subtree's parts the viewer sees, read once by the category's index, each filter judged in the part's
     * own row (`f0`, `f1`, …); then in the same statement the parts behind each value among those passing
     * every other filter, the parts passing all per category, and the page of them, oldest first.
     */
    async categoryPage(
      categoryIds: readonly string[],
      visibility: Visibility,
      attributes: readonly { id: string; type: AttributeType }[],
      filters: readonly AttributeFilter[],
      limit: number,
      offset: number,
    ): Promise<CategoryPage> {
      const part = {
        id: productFacets.productId,
        restricted: productFacets.restricted,
        discontinued: productFacets.discontinued,
      };
      const column = (name: string) => sql.raw(name);
      // Each attribute's value is read out of the part's row once (`a0`, `a1`, …; `offset 0` keeps the
      // subquery from being merged, which would read it again at each use), in its own kind (a number
      // is never among the texts); every filter and every count then reads those columns.
      const valueColumn = (attributeId: string) =>
        column(`a${attributes.findIndex((a) => a.id === attributeId)}`);
      const extracted = attributes.map(
        ({ id, type }, index) =>
          sql`, ${valueOf(kindOf(type), sql`${productFacets}`, id)} as ${column(`a${index}`)}`,
      );
      const flags = filters.map(({ attributeId, filter }, index) => {
        const a = sql`${valueColumn(attributeId)}`;
        return sql`, coalesce(${valuePasses(filter, { number: a, text: a, boolean: a })}, false) as ${column(`f${index}`)}`;
      });
      // Every filter but the one on `attributeId` (null: every filter).
      const passing = (attributeId: string | null) => {
        const others = filters.flatMap(({ attributeId: filtered }, index) =>
          filtered === attributeId ? [] : [sql`f.${column(`f${index}`)}`],
        );
        return others.length === 0 ? sql`true` : sql.join(others, sql` and `);
      };
      // One pass over the rows per attribute, counting its values among the rows passing its other filters.
      const ofKind = (type: AttributeType, kind: 'number' | 'text' | 'boolean', index: number) =>
        kindOf(type) === kind ? sql`f.${column(`a${index}`)}` : sql.raw(`null::${KIND_SQL[kind]}`);
      const valueRows = attributes.map(
        ({ id, type }, index) =>
          sql`select 'v' as kind, ${id}::text as id, ${ofKind(type, 'number', index)} as number_value,
                ${ofKind(type, 'text', index)} as text_value, ${ofKind(type, 'boolean', index)} as boolean_value,
                count(*)::int as count
              from f where ${passing(id)} group by 3, 4, 5
              union all `,
      );
      const statement = sql`with f as materialized (
          select s.* ${sql.join(flags, sql``)}
          from (
            select ${productFacets.productId} as id, ${productFacets.categoryId} as category_id,
              ${productFacets.createdAt} as created_at ${sql.join(extracted, sql``)}
            from ${productFacets}
            where ${and(
              inArray(productFacets.categoryId, [...categoryIds, NO_CATEGORY]),
              visibleWhere(visibility, part),
              listedWhere(false, undefined, part),
            )}
            offset 0
          ) s
        )
        ${sql.join(valueRows, sql``)}
        select 'c' as kind, f.category_id::text as id, null::float8, null::text, null::boolean, count(*)::int as count
        from f where ${passing(null)}
        group by f.category_id
        union all
        select 'p' as kind, page.id::text, null::float8,
          jsonb_build_array(page.category_id, pf.numbers, pf.texts, pf.booleans)::text, null::boolean,
          page.position::int
        from (
          select f.id, f.category_id, row_number() over (order by f.created_at, f.id) as position
          from f where ${passing(null)}
          order by f.created_at, f.id limit ${limit} offset ${offset}
        ) page
        join ${productFacets} pf on pf.product_id = page.id`;
      const rows = ((await db.execute(statement)) as unknown as { rows: CountRow[] }).rows;
      const pageRows = rows.filter((row) => row.kind === 'p');
      const pageSpecs: CategoryPage['pageSpecs'] = new Map();
      for (const row of pageRows) {
        // A page row carries its facet row in text_value: [category, numbers, texts, booleans].
        const [categoryId, ...kinds] = JSON.parse(row.text_value!) as [
          string,
          ...Record<string, AttributeValue>[],
        ];
        pageSpecs.set(row.id!, {
          categoryId,
          values: new Map(kinds.flatMap((kind) => Object.entries(kind))),
        });
      }
      return {
        counts: countsOf(rows),
        pageIds: pageRows.sort((a, b) => Number(a.count) - Number(b.count)).map((row) => row.id!),
        pageSpecs,
      };
    },

    /**
     * A search takes the parts containing its text when there are any in the scope, else those close to
     * it (a typo); a page without a search is 'contains' of nothing.
     */
    async searchMode(scope: BrowseScope): Promise<SearchMode> {
      if (!scope.search) return 'contains';
      const [where] = scopeOf(scope, 'contains');
      const found = await db.select({ id: products.id }).from(products).where(where).limit(1);
      return found.length > 0 ? 'contains' : 'close';
    },

    /** One page of the parts passing every filter, in the search's order (then oldest first). */
    async pageIds(
      scope: BrowseScope,
      mode: SearchMode,
      filters: readonly AttributeFilter[],
      limit: number,
      offset: number,
    ): Promise<string[]> {
      const [where, order] = scopeOf(scope, mode);
      const passing = filters.map(({ attributeId, filter }) =>
        exists(
          db
            .select({ one: sql`1` })
            .from(productAttributeValues)
            .where(
              and(
                eq(productAttributeValues.productId, products.id),
                eq(productAttributeValues.attributeId, attributeId),
                valuePasses(filter, {
                  number: sql`${productAttributeValues.numberValue}`,
                  text: sql`${productAttributeValues.textValue}`,
                  boolean: sql`${productAttributeValues.booleanValue}`,
                }),
              ),
            ),
        ),
      );
      return inMode(mode, async (on) =>
        (
          await on
            .select({ id: products.id })
            .from(products)
            .where(and(where, ...passing))
            .orderBy(...order, asc(products.createdAt), asc(products.id))
            .limit(limit)
            .offset(offset)
        ).map((row) => row.id),
      );
    },

    /**
     * The counts of a page in one statement: the scope's parts once (`base`), their values of the page's
     * attributes once (`vals`), which filters each part passes (`flags`), then the parts behind each value
     * among those passing every other filter, and the parts passing all per category.
     */
    async counts(
      scope: BrowseScope,
      mode: SearchMode,
      attributeIds: readonly string[],
      filters: readonly AttributeFilter[],
    ): Promise<BrowseCounts> {
      const [where] = scopeOf(scope, mode, true);
      // A category's page starts from its parts (the category index), a search from the matches.
      const base =
        scope.categoryIds === null
          ? db
              .select({
                id: sql`${products.id}`.as('id'),
                category_id: sql`${productCategories.categoryId}`.as('category_id'),
              })
              .from(products)
              .leftJoin(productCategories, eq(productCategories.productId, products.id))
              .where(where)
          : db
              .select({
                id: sql`${productCategories.productId}`.as('id'),
                category_id: sql`${productCategories.categoryId}`.as('category_id'),
              })
              .from(productCategories)
              .innerJoin(products, eq(products.id, productCategories.productId))
              .where(and(inArray(productCategories.categoryId, [...scope.categoryIds, NO_CATEGORY]), where));
      const flag = (index: number) => sql.raw(`f${index}`);
      const column = {
        number: sql`v.number_value`,
        text: sql`v.text_value`,
        boolean: sql`v.boolean_value`,
      };
      const flagsCte =
        filters.length === 0
          ? sql``
          : sql`, flags as (
              select v.product_id, ${sql.join(
                filters.map(
                  ({ attributeId, filter }, index) =>
                    sql`bool_or(v.attribute_id = ${attributeId} and ${valuePasses(filter, column)}) as ${flag(index)}`,
                ),
                sql`, `,
              )}
              from vals v where v.attribute_id in ${idList(filters.map((f) => f.attributeId))}
              group by v.product_id)`;
      const flagsJoin = (on: SQL) =>
        filters.length === 0 ? sql`` : sql`left join flags f on f.product_id = ${on}`;
      const passesAll = (except: SQL | null) =>
        filters.length === 0
          ? sql`true`
          : sql.join(
              filters.map(({ attributeId }, index) =>
                except === null
                  ? sql`coalesce(f.${flag(index)}, false)`
                  : sql`(${except} = ${attributeId} or coalesce(f.${flag(index)}, false))`,
              ),
              sql` and `,
            );
      const valueRows =
        attributeIds.length === 0
          ? sql``
          : sql`select 'v' as kind, v.attribute_id::text as id, v.number_value, v.text_value, v.boolean_value,
                  count(*)::int as count
                from vals v ${flagsJoin(sql`v.product_id`)}
                where ${passesAll(sql`v.attribute_id`)}
                group by v.attribute_id, v.number_value, v.text_value, v.boolean_value
                union all `;
      const statement = sql`with base as materialized (${base}),
        vals as materialized (
          select v.product_id, v.attribute_id, v.number_value, v.text_value, v.boolean_value
          from ${productAttributeValues} v join base b on b.id = v.product_id
          where ${attributeIds.length === 0 ? sql`false` : sql`v.attribute_id in ${idList(attributeIds)}`}
        )${flagsCte}
        ${valueRows}
        select 'c' as kind, b.category_id::text as id, null::float8, null::text, null::boolean, count(*)::int as count
        from base b ${flagsJoin(sql`b.id`)}
        where ${passesAll(null)}
        group by b.category_id`;
      const rows = await inMode(
        mode,
        async (on) => ((await on.execute(statement)) as unknown as { rows: CountRow[] }).rows,
      );
      return countsOf(rows);
    },
  };
}

/** A category id no category has: keeps `in (…)` well-formed for an empty subtree. */
const NO_CATEGORY = '00000000-0000-0000-0000-000000000000';

type CountRow = {
  /** A value's count, a category's, or (in a category page) a part of the page at its position. */
  kind: 'v' | 'c' | 'p';
  id: string | null;
  number_value: number | null;
  text_value: string | null;
  boolean_value: boolean | null;
  count: number | string;
};

/** The value and category rows of a statement's answer as counts. */
function countsOf(rows: readonly CountRow[]): BrowseCounts {
  const counts: BrowseCounts = { values: [], categories: new Map() };
  for (const row of rows) {
    if (row.kind === 'c') counts.categories.set(row.id, Number(row.count));
    if (row.kind !== 'v') continue;
    const value = row.number_value ?? row.text_value ?? row.boolean_value;
    if (row.id !== null && value !== null) {
      counts.values.push({ attributeId: row.id, value, count: Number(row.count) });
    }
  }
  return counts;
}

/**
 * A value of the facet index as the typed column it came from (null when the part has none): the
 * `numbers`, `texts` or `booleans` object of the row `from` (the table, or a CTE with those columns).
 */
/** Where an attribute's values are kept: numbers, texts (a choice) or yes/no. */
const kindOf = (type: AttributeType) =>
  type === 'number' ? 'number' : type === 'choice' ? 'text' : 'boolean';
const KIND_SQL = { number: 'float8', text: 'text', boolean: 'boolean' } as const;

function valueOf(type: 'number' | 'text' | 'boolean', from: SQL, attributeId: string): SQL {
  if (type === 'number') return sql`(${from}.numbers -> ${attributeId}::text)::float8`;
  if (type === 'text') return sql`(${from}.texts ->> ${attributeId}::text)`;
  return sql`(${from}.booleans -> ${attributeId}::text)::boolean`;
}

/** `(id1, id2, …)` as parameters, for `in`. */
const idList = (ids: readonly string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

/** A value passes a filter (shared/catalogue.ts `passes`, in SQL): a range with its tolerance, any of some options, yes/no. */
function valuePasses(filter: Filter, column: { number: SQL; text: SQL; boolean: SQL }): SQL {
  if (filter.kind === 'range') {
    return and(
      sql`${column.number} is not null`,
      filter.min === null ? undefined : sql`${column.number} >= ${filter.min - RANGE_TOLERANCE}`,
      filter.max === null ? undefined : sql`${column.number} <= ${filter.max + RANGE_TOLERANCE}`,
    )!;
  }
  if (filter.kind === 'options') {
    return filter.values.length === 0
      ? sql`false`
      : sql`${column.text} in (${sql.join(
          filter.values.map((value) => sql`${value}`),
          sql`, `,
        )})`;
  }
  return sql`${column.boolean} = ${filter.value}`;
}
