import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserInfoResponse } from '@forgeline/shared/schemas/user';
import type { CookieSession } from '../app/auth.ts';
import { cachedPage, pickEncoding, type CachedPage } from '../../modules/products/catalogue-cache.ts';
import type { CatalogueReader } from '../../modules/products/catalogue-reader.ts';

/**
 * The client routes (docs/product.md §2, and the B2B pages of apps/web/src/config/paths.ts): they answer
 * index.html with 200; any other path gets it with 404. A new page of the SPA belongs here too.
 */
const CLIENT_ROUTES = [
  /^\/(home|blogs|portfolio|login|signup|resetPass|cart|quick-order|checkout)?\/?$/,
  /^\/legal\/(terms|privacy|cookies)\/?$/,
  /^\/(purchase|product|checkout|category)\/[^/]+\/?$/,
  /^\/search\/?$/,
  /^\/dashboard(\/[^]*)?$/,
];

export const isClientRoute = (pathname: string) => CLIENT_ROUTES.some((route) => route.test(pathname));

/** Hashes of the inline scripts of index.html, so that the CSP can allow exactly those and no others. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([^]*?)<\/script>/g)) {
    const code = match[1] ?? '';
    if (code.trim()) hashes.push(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  }
  return hashes;
}

/**
 * The pages the server sends as HTML with their content in (docs/decisions/0040, 0044): the public pages
 * and the sign-in forms, the same for everyone, and the purchase page for its signed-in viewer. The
 * others (the dashboard, the cart) wait for the session in the browser. A form of a rendered page is
 * inert until the app has taken over (entry-server.tsx), so nothing typed can leave as a GET.
 */
const PUBLIC_PAGES = [
  /^\/(home|blogs|portfolio|login|signup|resetPass)?\/?$/,
  /^\/legal\/(terms|privacy|cookies)\/?$/,
  /^\/product\/[^/]+\/?$/,
  /^\/category\/[^/]+\/?$/,
  /^\/search\/?$/,
];
const VIEWER_PAGES = [/^\/purchase\/[^/]+\/?$/];
export const isRenderedRoute = (pathname: string) => PUBLIC_PAGES.some((route) => route.test(pathname));
const isViewerPage = (pathname: string) => VIEWER_PAGES.some((route) => route.test(pathname));

/**
 * Pages without catalogue data are the same for everyone: rendered once, kept. The others read the
 * catalogue as their viewer sees it: the purchase page too, or a buyer with a price list is shown the
 * list price and their first Confirm Order is refused as a changed price.
 */
const usesCatalogue = (pathname: string) =>
  /^\/(home\/?)?$|^\/(product|category|purchase)\/|^\/search\/?$/.test(pathname);

/** What the server reads for a rendered page: the catalogue as its viewer sees it. */
export type PageDataReader = {
  products(query: { search?: string; page: number; limit: number }): ReturnType<CatalogueReader['products']>;
  product(id: string): ReturnType<CatalogueReader['product']>;
  browse(query: Parameters<CatalogueReader['browse']>[0]): ReturnType<CatalogueReader['browse']>;
  specs(id: string): ReturnType<CatalogueReader['specs']>;
};

/**
 * The catalogue a request's page is rendered from: the public one (`shared`: the page is the same for
 * everyone), or a buyer's with their own parts and prices (decision 0216), kept by their browser alone.
 */
export type PageDataFor = (
  request: FastifyRequest | null,
) => Promise<{ reader: PageDataReader; shared: boolean }>;

/**
 * The signed-in viewer a page of a session is rendered for: the user as GET /api/auth/get-session gives
 * it, and what GET /api/userInfo answers them (entry-server.tsx's Viewer).
 */
export type Viewer = { user: CookieSession['user']; userInfo: UserInfoResponse };

/** The signed-in viewer of a request, for the pages of a session (null: a visitor). */
export type ViewerReader = (request: FastifyRequest) => Promise<Viewer | null>;

/** The web app's server render (apps/web/src/entry-server.tsx), built into dist/.ssr by `npm run build`. */
type ServerRender = {
  renderDocument(
    template: string,
    url: string,
    reader: PageDataReader,
    viewer?: Viewer | null,
  ): Promise<{ html: string; status: number } | null>;
};

async function loadServerRender(distDir: string): Promise<ServerRender | undefined> {
  const file = path.join(distDir, '.ssr', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as ServerRender;
}

export function readIndexHtml(distDir: string): string | undefined {
  const file = path.join(distDir, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Forgeline</title>
<p>The web app is not built yet. Run <code>npm run build</code>, or <code>npm start</code>, which builds it first.</p></html>`;

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and index.html for
 * the client routes (the SPA's own router takes it from there).
 */
type RenderedPage = { page: CachedPage; status: number; private: boolean };

export const webPlugin = fp<{
  distDir: string;
  indexHtml: string | undefined;
  pageData: PageDataFor;
  viewer: ViewerReader;
}>(
  async (app, { distDir, indexHtml, pageData, viewer: viewerOf }) => {
    const serverRender = indexHtml ? await loadServerRender(distDir) : undefined;
    const rendered = new Map<string, RenderedPage>();

    /** The page as HTML with its content, or undefined (then index.html alone, and the SPA renders it). */
    const renderPage = async (
      request: FastifyRequest,
      pathname: string,
    ): Promise<RenderedPage | undefined> => {
      if (!serverRender || !indexHtml) return undefined;
      const forViewer = isViewerPage(pathname);
      if (!forViewer && !isRenderedRoute(pathname)) return undefined;
      const url = request.url;
      const keep = !forViewer && !usesCatalogue(pathname) && !url.includes('?');
      const kept = keep ? rendered.get(pathname) : undefined;
      if (kept) return kept;
      try {
        const viewer = forViewer ? await viewerOf(request) : null;
        // A visitor on a page of a session: the SPA sends them to /login.
        if (forViewer && !viewer) return undefined;
        const data = await pageData(usesCatalogue(pathname) ? request : null);
        const document = await serverRender.renderDocument(indexHtml, url, data.reader, viewer);
        if (!document) return undefined;
        const page = {
          page: cachedPage(document.html, 0),
          status: document.status,
          private: forViewer || !data.shared,
        };
        if (keep) rendered.set(pathname, page);
        return page;
      } catch (error) {
        // The SPA can still render the page itself (and show its own error if the data is away).
        app.log.warn({ err: error, url }, 'server render failed; sending index.html');
        return undefined;
      }
    };

    if (existsSync(distDir)) {
      await app.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        index: false,
        wildcard: false,
        // The build writes each script and stylesheet as .br and .gz at the strongest settings: sent as
        // they are, smaller than compressing on the fly (docs/decisions/0212).
        preCompressed: true,
        setHeaders(reply, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'cache-control',
            hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/uploads/')) {
        return reply
          .code(404)
          .send({ message: `No such endpoint: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(404).send({ message: 'Not found.', code: 'NOT_FOUND' });
      }
      const rendered = request.method === 'GET' ? await renderPage(request, pathname) : undefined;
      reply.type('text/html; charset=utf-8');
      if (!rendered) {
        reply.code(isClientRoute(pathname) ? 200 : 404).header('cache-control', 'no-cache');
        return reply.send(indexHtml ?? NOT_BUILT);
      }
      // A page with the viewer's own profile in it is kept by no cache and no shared proxy.
      reply
        .code(rendered.status)
        .header('cache-control', rendered.private ? 'private, no-store' : 'no-cache')
        .header('vary', rendered.private ? 'accept-encoding, cookie' : 'accept-encoding');
      // The compress plugin hooks routes, and this handler is none: a rendered page is compressed here.
      const { page } = rendered;
      const encoding = pickEncoding(request.headers['accept-encoding'], page.bodyIn('identity').length);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(page.bodyIn(encoding));
    });
  },
  { name: 'web' },
);
