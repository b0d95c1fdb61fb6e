// The server's render of a public page (issue 14, docs/decisions/0040): the same routes and components as
// the browser, rendered to HTML with the catalogue data the page needs already in the query cache. Built by
// `npm run build` into dist/.ssr/ and loaded by the server (apps/server/src/plugins/external/web.ts).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import type { Product } from '@forgeline/shared/schemas/product';
import { routes } from '@/app/router';
import { pageMeta, type PageMeta } from '@/config/page-meta';
import { createQueryClient } from '@/lib/query-client';
import { PageMetaCollector } from '@/lib/page-meta';
import { scriptSafeJson, SERVER_STATE_ID, type ServerState } from '@/lib/server-state';
import { normalizeSearch, productKeys } from '@/lib/query-keys';
import { HOME_PAGE_SIZE, type ProductPage } from '@/features/products/api/get-products';
import { SEARCH_PARAM } from '@/features/products/components/product-search';

/** What the server reads for a page: the same answers GET /api/products and GET /api/purchase/:id give. */
export type CatalogueReader = {
  products(query: {
    search?: string;
    page: number;
    limit: number;
  }): Promise<{ products: Product[]; total: number }>;
  /** null: no such product (the page then shows its 'Product not found'). */
  product(id: string): Promise<Product | null>;
};

export type RenderedPage = {
  /** The markup of #root. */
  html: string;
  meta: PageMeta;
  /** The query cache the markup was rendered from, for the browser's first render (JSON, script-safe). */
  state: string;
};

const HOME_PATHS = new Set(['/', '/home']);
const PRODUCT_PATH = /^\/product\/([^/]+)\/?$/;

/** Puts into the query cache what the page's first render reads, under the keys the SPA reads it by. */
async function prefetch(url: URL, reader: CatalogueReader, client: ReturnType<typeof createQueryClient>) {
  if (HOME_PATHS.has(url.pathname)) {
    const search = normalizeSearch(url.searchParams.get(SEARCH_PARAM)?.trim() ?? '');
    const { products, total } = await reader.products({ search, page: 1, limit: HOME_PAGE_SIZE });
    const data: InfiniteData<ProductPage, number> = {
      pages: [{ products, total, search: search ?? '', page: 1 }],
      pageParams: [1],
    };
    client.setQueryData(productKeys.infinite({ search, limit: HOME_PAGE_SIZE }), data);
    return;
  }
  const product = PRODUCT_PATH.exec(url.pathname);
  if (product) {
    const id = decodeURIComponent(product[1]!);
    const found = await reader.product(id);
    if (found) client.setQueryData(productKeys.detail(id), found);
  }
}

/**
 * Renders the page at `url` (path and query), or returns null when it is not one to render on the server
 * (a redirect, or a route that waits for the session such as the dashboard).
 */
export async function render(url: string, reader: CatalogueReader): Promise<RenderedPage | null> {
  const location = new URL(url, 'http://forgeline.invalid');
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(location));
  if (context instanceof Response) return null;

  const client = createQueryClient();
  await prefetch(location, reader, client);
  const router = createStaticRouter(handler.dataRoutes, context);
  let meta: PageMeta = pageMeta.home;
  const html = renderToString(
    <StrictMode>
      <PageMetaCollector value={(collected) => (meta = collected)}>
        <QueryClientProvider client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </PageMetaCollector>
    </StrictMode>,
  );
  return {
    html,
    meta,
    state: scriptSafeJson(
      JSON.stringify(
        client
          .getQueryCache()
          .getAll()
          // Only what the server read; the queries the render started (the session) the browser runs.
          .filter((query) => query.state.status === 'success')
          .map((query) => ({ queryKey: query.queryKey, data: query.state.data })) satisfies ServerState,
      ),
    ),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * index.html with the page in it: its title and description, the markup inside #root, and the data
 * after it. null when `render` gives none (the server then sends index.html as it is).
 */
export async function renderDocument(
  template: string,
  url: string,
  reader: CatalogueReader,
): Promise<string | null> {
  const page = await render(url, reader);
  if (!page) return null;
  const [head, body] = template.split('<div id="root"></div>');
  if (head === undefined || body === undefined) return null;
  const withMeta = head
    .replace(/<title>[^]*?<\/title>/, () => `<title>${escapeHtml(page.meta.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(page.meta.description)}" />`,
    );
  return `${withMeta}<div id="root">${page.html}</div><script type="application/json" id="${SERVER_STATE_ID}">${page.state}</script>${body}`;
}
