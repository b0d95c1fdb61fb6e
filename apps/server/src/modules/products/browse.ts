import { facetOfCounts, filtersToParams, parseFilters, type DisplayUnit } from '@forgeline/shared/catalogue';
import {
  SUGGESTIONS_MAX,
  type BrowseQuery,
  type BrowseResult,
  type ProductSpecs,
  type Suggestion,
} from '@forgeline/shared/schemas/catalogue';
import type { Executor } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { specsByKey, specsOfProducts, type Catalogue } from '../categories/index.ts';
import { viewProduct, viewProducts, type CatalogueView } from '../pricing/index.ts';
import { createBrowseRepository, type BrowseScope } from './browse-repository.ts';
import { createProductsRepository, toProductDto } from './repository.ts';

/** Parts on one page of a category or a search. */
export const BROWSE_PAGE_SIZE = 24;

/** The query as a cache key: its parameters in one order, the search case aside. */
export function browseKey(view: CatalogueView, query: BrowseQuery): string {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => [key, key === 'q' ? String(value).toLowerCase() : String(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : 1));
  return JSON.stringify(['browse', view.key, entries]);
}

/**
 * A category's page, or a search's: the parts the viewer sees that pass every filter, a page of them,
 * and for each attribute the count of parts behind each value (among those passing the other filters),
 * counted in the database over every match (docs/decisions/0249; a category's page from its facet index, 0265). A category that does not exist is 404;
 * a filter naming no attribute of it, or a value its attribute cannot hold, is 400 naming the parameter.
 */
export async function browse(
  db: Executor,
  view: CatalogueView,
  query: BrowseQuery,
  catalogue: Catalogue,
): Promise<BrowseResult> {
  const { category: ref, q, page = 1, unit: askedUnit, ...filterParams } = query;
  const category = ref ? catalogue.tree.find(ref) : undefined;
  if (ref && !category) throw notFound('Category');
  const attributes = category ? catalogue.attributesOf(category.id) : [];
  // A category offers inches when it or a category above it says so.
  const inches = category ? catalogue.tree.line(category.id).some((row) => row.inches) : false;
  const unit: DisplayUnit = askedUnit === 'in' && inches ? 'in' : 'mm';
  const parsed = parseFilters(filterParams as Record<string, string>, attributes, unit);
  if ('problem' in parsed) throw badRequest(parsed.problem, { [parsed.param]: parsed.problem });

  const repository = createBrowseRepository(db);
  const scope: BrowseScope = {
    search: q?.trim() || undefined,
    visibility: view.visibility,
    categoryIds: category ? catalogue.tree.subtree(category.id) : null,
  };
  const filters = attributes.flatMap((attribute) => {
    const filter = parsed.filters[attribute.key];
    return filter ? [{ attributeId: attribute.id, filter }] : [];
  });
  const attributeIds = attributes.map((attribute) => attribute.id);
  const offset = (page - 1) * BROWSE_PAGE_SIZE;
  const { counts, pageIds, pageSpecs } = await (async () => {
    // A category without a search reads its facet index (0265); a search reads the parts it matches (0249).
    if (scope.categoryIds !== null && scope.search === undefined) {
      return repository.categoryPage(
        scope.categoryIds,
        scope.visibility,
        attributes,
        filters,
        BROWSE_PAGE_SIZE,
        offset,
      );
    }
    const mode = await repository.searchMode(scope);
    const [counted, ids] = await Promise.all([
      repository.counts(scope, mode, attributeIds, filters),
      repository.pageIds(scope, mode, filters, BROWSE_PAGE_SIZE, offset),
    ]);
    return { counts: counted, pageIds: ids, pageSpecs: undefined };
  })();
  // A category's page has its parts' values from the facet index already; a search reads them.
  const [rows, specs] = await Promise.all([
    createProductsRepository(db).findByIds(pageIds),
    pageSpecs ? specsByKey(catalogue, pageSpecs) : specsOfProducts(db, catalogue, pageIds),
  ]);
  const inOrder = pageIds.flatMap((id) => rows.filter((row) => row.id === id));
  const viewed = await viewProducts(db, view, inOrder);

  return {
    category: category
      ? { slug: category.slug, name: category.name, description: category.description, inches }
      : null,
    breadcrumbs: category
      ? catalogue.tree.line(category.id).map((row) => ({ slug: row.slug, name: row.name }))
      : [],
    categories: categoryLinks(catalogue, category?.id ?? null, counts.categories),
    attributes: attributes.map(({ id: _id, ...attribute }) => attribute),
    facets: attributes.map(({ id, ...attribute }) =>
      facetOfCounts(
        attribute,
        counts.values.flatMap((row) =>
          row.attributeId === id ? [{ value: row.value, count: row.count }] : [],
        ),
      ),
    ),
    filters: filtersToParams(parsed.filters, attributes, unit),
    unit,
    products: viewed.map(toProductDto),
    values: Object.fromEntries(viewed.map((row) => [row.id, specs.get(row.id)?.values ?? {}])),
    total: [...counts.categories.values()].reduce((sum, count) => sum + count, 0),
    page,
    pageSize: BROWSE_PAGE_SIZE,
  };
}

/**
 * Where the matches are: on a category page, its subcategories with the matches under each; on a
 * search, the categories that hold matches (most first).
 */
function categoryLinks(
  catalogue: Catalogue,
  categoryId: string | null,
  matchesIn: ReadonlyMap<string | null, number>,
) {
  const countIn = (ids: readonly string[]) => ids.reduce((sum, id) => sum + (matchesIn.get(id) ?? 0), 0);
  if (categoryId !== null) {
    return catalogue.tree.children(categoryId).map((child) => ({
      slug: child.slug,
      name: child.name,
      count: countIn(catalogue.tree.subtree(child.id)),
    }));
  }
  return [...matchesIn]
    .flatMap(([id, count]) => {
      const row = id === null ? undefined : catalogue.tree.rows.find((candidate) => candidate.id === id);
      return row ? [{ slug: row.slug, name: row.name, count }] : [];
    })
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** A part's category trail and values, for its page; null when the viewer cannot see the part. */
export async function productSpecs(
  db: Executor,
  view: CatalogueView,
  id: string,
  catalogue: Catalogue,
): Promise<ProductSpecs | null> {
  const row = await viewProduct(db, view, await createProductsRepository(db).findById(id));
  if (!row) return null;
  const found = (await specsOfProducts(db, catalogue, [row.id])).get(row.id);
  if (!found) return { category: null, breadcrumbs: [], specs: [] };
  const attributes = catalogue.attributesOf(found.category.id);
  const line = catalogue.tree.line(found.category.id);
  return {
    category: {
      slug: found.category.slug,
      name: found.category.name,
      inches: line.some((row) => row.inches),
    },
    breadcrumbs: line.map((c) => ({ slug: c.slug, name: c.name })),
    specs: attributes.flatMap(({ id: _id, ...attribute }) => {
      const value = found.values[attribute.key];
      return value === undefined ? [] : [{ ...attribute, value }];
    }),
  };
}

/**
 * What a search box offers while typing: the first parts the search of the catalogue finds (the part
 * number typed whole first, any spelling of it; a name with a typo), among those the viewer sees.
 */
export async function suggest(db: Executor, view: CatalogueView, q: string): Promise<Suggestion[]> {
  const repository = createProductsRepository(db);
  const ids = await repository.matchingIds(q, view.visibility, null, SUGGESTIONS_MAX);
  const rows = await repository.findByIds(ids);
  const seen = ids.flatMap((id) => rows.filter((row) => row.id === id && view.sees(row)));
  return seen.map((row) => ({ _id: row.id, sku: row.sku, name: row.name }));
}
