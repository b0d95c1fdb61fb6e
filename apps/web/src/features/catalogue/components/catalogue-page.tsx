import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { Pager } from '@/components/ui/pager';
import { EmptyState } from '@/components/ui/query-state';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { categoryMeta, searchMeta } from '@/config/meta/catalogue';
import { browseParams, useCatalogue } from '../api/get-catalogue';
import { Breadcrumbs } from './breadcrumbs';
import { CatalogueSearch } from './catalogue-search';
import { FacetFilters, type ParamChange } from './facet-filters';
import { PartsList } from './parts-list';

/**
 * A category's page (`slug`) or a search's (null): breadcrumbs, where the matches are, the filters and
 * the parts. The whole state is the address: each filter pushes a new one (Back undoes it), and the
 * server renders the same address to the same page (docs/decisions/0220).
 */
export const CataloguePage = ({ slug }: { slug: string | null }) => {
  const [search, setSearch] = useSearchParams();
  const params = browseParams(slug, search);
  const query = useCatalogue(params);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const result = query.data;
  const q = search.get('q') ?? '';
  usePageMeta(
    result?.category
      ? categoryMeta(result.category.name, result.category.description)
      : searchMeta(q || undefined),
  );

  const change = (next: ParamChange) => {
    const updated = new URLSearchParams(search);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) updated.delete(key);
      else updated.set(key, value);
    }
    // A new filter starts again at the first page.
    if (!('page' in next)) updated.delete('page');
    setSearch(updated);
  };

  if (query.isPending) return <Loading label="Loading the catalogue" />;
  if (query.isError || !result) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <div role="alert" className="alert">
          <span>{query.error?.message ?? 'The catalogue could not be loaded.'}</span>
          <Link to={slug ? paths.category.getHref(slug) : paths.search.getHref()} className="btn btn-sm">
            Clear the filters
          </Link>
        </div>
      </div>
    );
  }

  const activeFilters = result.attributes.filter((attribute) => params[attribute.key]).length;
  const pageCount = Math.max(1, Math.ceil(result.total / result.pageSize));
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      {result.category && <Breadcrumbs trail={result.breadcrumbs} />}
      <h1 className="mt-1 text-2xl font-extrabold tracking-tight sm:text-3xl">
        {result.category?.name ?? (q ? `Parts matching “${q}”` : 'Catalogue')}
      </h1>
      {result.category?.description && (
        <p className="mt-1 max-w-3xl text-base-content/80">{result.category.description}</p>
      )}
      <CatalogueSearch
        key={q}
        initial={q}
        placeholder={result.category ? `Search in ${result.category.name}` : 'Part number or name'}
        onSearch={(text) => change({ q: text || null })}
      />
      {result.categories.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Categories">
          {result.categories.map((category) => (
            <li key={category.slug}>
              <Link
                to={`${paths.category.getHref(category.slug)}${q ? `?${new URLSearchParams({ q })}` : ''}`}
                className="badge badge-lg badge-outline gap-1 py-3"
              >
                {category.name} <span className="opacity-70">({category.count})</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
        {result.attributes.length > 0 && (
          <aside aria-label="Filters">
            <button
              type="button"
              className="btn btn-outline btn-block lg:hidden"
              aria-expanded={filtersOpen}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
            </button>
            <div className={`${filtersOpen ? 'mt-4 block' : 'hidden'} lg:mt-0 lg:block`}>
              <FacetFilters result={result} params={params} onChange={change} />
            </div>
          </aside>
        )}
        <section aria-label="Parts" className={result.attributes.length > 0 ? '' : 'lg:col-span-2'}>
          <p className="mb-3 text-sm text-base-content/80" aria-live="polite" data-testid="match-count">
            {result.total} {result.total === 1 ? 'part' : 'parts'}
            {query.isPlaceholderData ? ' …' : ''}
          </p>
          {result.total === 0 ? (
            <EmptyState>No part matches these filters. Clear one to see more.</EmptyState>
          ) : (
            <PartsList result={result} />
          )}
          {pageCount > 1 && (
            <Pager
              page={result.page}
              pageCount={pageCount}
              onPage={(page) => change({ page: page > 1 ? String(page) : null })}
              busy={query.isFetching}
              label="Pages of parts"
            />
          )}
        </section>
      </div>
    </div>
  );
};
