// The server's render of a public page (docs/decisions/0040): the same routes and components as
// the browser, rendered to HTML with the catalogue data the page needs already in the query cache. Built by
// `npm run build` into dist/.ssr/ and loaded by the server (apps/server/src/plugins/external/web.ts).
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { InfiniteData } from '@tanstack/react-query';
import type { Product } from '@forgeline/shared/schemas/product';
import { App } from '@/app/app';
import { preloadRoute } from '@/app/router';
import { homeMeta } from '@/config/home-meta';
import type { PageMeta } from '@/config/page-meta';
import { createQueryClient } from '@/lib/query-client';
import { preloadLazyContent } from '@/lib/lazy-content';
import { PageMetaCollector } from '@/lib/page-meta';
import { scriptSafeJson, SERVER_STATE_ID, setFailedQuery, type ServerState } from '@/lib/server-state';
import { normalizeSearch, productKeys } from '@/lib/query-keys';
import { userKeys } from '@/lib/feature-query-keys';
import { authKeys, toSessionUser } from '@/lib/auth';
import { ApiError } from '@/lib/api-client';
import type { ProductPage } from '@/features/products/api/get-products';
import { HOME_PAGE_SIZE } from '@/features/products/api/get-infinite-products';
import { SEARCH_PARAM } from '@/features/products/components/product-search';
import type { UserInfoResponse } from '@forgeline/shared/schemas/user';
import type { BrowseResult, ProductSpecs } from '@forgeline/shared/schemas/catalogue';
import { getProductSpecsQueryOptions } from '@/features/catalogue/api/get-product-specs';
import { browseParams } from '@/features/catalogue/api/get-catalogue';
import { catalogueKeys } from '@/features/catalogue/api/catalogue-keys';

/** What the server reads for a page: the same answers GET /api/products and GET /api/purchase/:id give. */
export type CatalogueReader = {
  products(query: {
    search?: string;
    page: number;
    limit: number;
  }): Promise<{ products: Product[]; total: number }>;
  /** null: no such product (the page then shows its 'Product not found'). */
  product(id: string): Promise<Product | null>;
  /** A part's category trail and values (null: none to show). */
  specs(id: string): Promise<ProductSpecs | null>;
  /** A category's or a search's page, or the refusal GET /api/catalogue would answer. */
  browse(
    params: Record<string, string>,
  ): Promise<
    { ok: true; result: BrowseResult } | { ok: false; status: number; code: string; message: string }
  >;
};

/**
 * The signed-in viewer of a page of their own (the purchase page): the user as Better Auth's
 * GET /api/auth/get-session gives it, and what GET /api/userInfo answers them.
 */
export type Viewer = {
  user: Parameters<typeof toSessionUser>[0];
  userInfo: UserInfoResponse;
};

export type RenderedPage = {
  /** The markup of #root. */
  html: string;
  /** 404 for a product that is not in the catalogue, else 200. */
  status: number;
  meta: PageMeta;
  /** The query cache the markup was rendered from, for the browser's first render (JSON, script-safe). */
  state: string;
};

const HOME_PATHS = new Set(['/', '/home']);
const PRODUCT_PATH = /^\/(product|purchase)\/([^/]+)\/?$/;
const CATALOGUE_PATH = /^\/(?:category\/([^/]+)|search)\/?$/;

/**
 * Puts into the query cache what the page's first render reads, under the keys the SPA reads it by.
 * Answers false when the page's product is not in the catalogue.
 */
async function prefetch(
  url: URL,
  reader: CatalogueReader,
  viewer: Viewer | null,
  client: ReturnType<typeof createQueryClient>,
): Promise<boolean> {
  if (viewer) {
    const user = toSessionUser(viewer.user);
    client.setQueryData(authKeys.session(), user);
    client.setQueryData(userKeys.info(user.email), viewer.userInfo);
  }
  if (HOME_PATHS.has(url.pathname)) {
    const search = normalizeSearch(url.searchParams.get(SEARCH_PARAM)?.trim() ?? '');
    const { products, total } = await reader.products({ search, page: 1, limit: HOME_PAGE_SIZE });
    const data: InfiniteData<ProductPage, number> = {
      pages: [{ products, total, search: search ?? '', page: 1 }],
      pageParams: [1],
    };
    client.setQueryData(productKeys.infinite({ search, limit: HOME_PAGE_SIZE }), data);
    return true;
  }
  const browse = CATALOGUE_PATH.exec(url.pathname);
  if (browse) {
    // The same parameters, so the same key, as the browser's CataloguePage asks with.
    const params = browseParams(browse[1] ? decodeURIComponent(browse[1]) : null, url.searchParams);
    const answer = await reader.browse(params);
    if (answer.ok) client.setQueryData(catalogueKeys.browse(params), answer.result);
    else
      setFailedQuery(
        client,
        catalogueKeys.browse(params),
        new ApiError(answer.status, answer.message, answer.code),
      );
    return answer.ok || answer.status !== 404;
  }
  const product = PRODUCT_PATH.exec(url.pathname);
  if (product) {
    const id = decodeURIComponent(product[2]!);
    const found = await reader.product(id);
    if (!found) {
      // The page says what the SPA says after GET /api/purchase/:id answers 404; the browser hydrates
      // it from the same refusal.
      setFailedQuery(
        client,
        productKeys.detail(id),
        new ApiError(404, 'There is no such product.', 'NOT_FOUND'),
      );
      return false;
    }
    client.setQueryData(productKeys.detail(id), found);
    // The part page's category trail and values, so the first paint has them too.
    const specs = await reader.specs(id);
    if (specs) client.setQueryData(getProductSpecsQueryOptions(id).queryKey, specs);
  }
  return true;
}

/**
 * A form of the server's page does nothing until the app has taken over: sent before that, it would go
 * out as a GET with what was typed in the address (a password, a phone number). `inert` keeps it from
 * focus and input; once the app has hydrated the page, App's effect lifts it. React escapes `<` in
 * text and attributes, so `<form` in the markup is always an element.
 */
const inertForms = (html: string) => html.replace(/<form(?=[\s>])/g, '<form inert=""');

/**
 * What the server read, for the browser to hydrate the same page from: the answers, and the refusal of a
 * product not in the catalogue. The queries the render only started (the session) the browser runs.
 */
const serverState = (client: ReturnType<typeof createQueryClient>): ServerState =>
  client
    .getQueryCache()
    .getAll()
    .flatMap(({ queryKey, state }): ServerState => {
      if (state.status === 'success') return [{ queryKey, data: state.data }];
      if (state.status === 'error' && state.error instanceof ApiError) {
        const { status, message, code } = state.error;
        return [{ queryKey, error: { status, message, code } }];
      }
      return [];
    });

/**
 * Renders the page at `url` (path and query), or returns null when it is not one to render on the server
 * (a redirect). A page of a session (the purchase page) renders for the `viewer` it is given; the server
 * gives one only on those pages and only for the request's own session.
 */
export async function render(
  url: string,
  reader: CatalogueReader,
  viewer: Viewer | null = null,
): Promise<RenderedPage | null> {
  const location = new URL(url, 'http://forgeline.invalid');
  // renderToString does not wait for lazy routes: their modules are loaded first, then what they render
  // lazily from the server's markup alone.
  await preloadRoute(location.pathname);
  await preloadLazyContent();

  const client = createQueryClient();
  const found = await prefetch(location, reader, viewer, client);
  let meta: PageMeta = homeMeta;
  const AtUrl = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  // The browser's tree (main.tsx) with the server's router: the browser hydrates this markup.
  const html = renderToString(
    <StrictMode>
      <PageMetaCollector value={(collected) => (meta = collected)}>
        <App queryClient={client} Router={AtUrl} />
      </PageMetaCollector>
    </StrictMode>,
  );
  return {
    html: inertForms(html),
    status: found ? 200 : 404,
    meta,
    state: scriptSafeJson(JSON.stringify(serverState(client))),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export type RenderedDocument = { html: string; status: number };

/**
 * index.html with the page in it: its title and description, the markup inside #root, and the data
 * after it. null when `render` gives none (the server then sends index.html as it is).
 */
export async function renderDocument(
  template: string,
  url: string,
  reader: CatalogueReader,
  viewer: Viewer | null = null,
): Promise<RenderedDocument | null> {
  const page = await render(url, reader, viewer);
  if (!page) return null;
  const [head, body] = template.split('<div id="root"></div>');
  if (head === undefined || body === undefined) return null;
  const withMeta = head
    .replace(/<title>[^]*?<\/title>/, () => `<title>${escapeHtml(page.meta.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(page.meta.description)}" />`,
    );
  return {
    html: `${withMeta}<div id="root">${page.html}</div><script type="application/json" id="${SERVER_STATE_ID}">${page.state}</script>${body}`,
    status: page.status,
  };
}
