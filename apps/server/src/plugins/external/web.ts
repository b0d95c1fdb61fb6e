import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { cachedPage, pickEncoding, type CachedPage } from '../../modules/products/catalogue-cache.ts';
import type { CatalogueReader } from '../../modules/products/catalogue-reader.ts';

/**
 * The client routes (docs/product.md §2, and the B2B pages of apps/web/src/config/paths.ts): they answer
 * index.html with 200; any other path gets it with 404. A new page of the SPA belongs here too.
 */
const CLIENT_ROUTES = [
  /^\/(home|blogs|portfolio|login|signup|resetPass|cart|quick-order|checkout)?\/?$/,
  /^\/legal\/(terms|privacy|cookies)\/?$/,
  /^\/(purchase|product|checkout)\/[^/]+\/?$/,
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
 * The public pages the server sends as HTML with their content in (docs/decisions/0040): what a visitor
 * sees there does not depend on who they are. The others (the dashboard, the purchase page, the cart)
 * wait for the session in the browser, as before, and so do the sign-in forms: a form sent before the
 * script has run would go out as a GET, with the password in the address.
 */
const RENDERED_ROUTES = [
  /^\/(home|blogs|portfolio)?\/?$/,
  /^\/legal\/(terms|privacy|cookies)\/?$/,
  /^\/product\/[^/]+\/?$/,
];
export const isRenderedRoute = (pathname: string) => RENDERED_ROUTES.some((route) => route.test(pathname));

/** Pages without catalogue data are the same for everyone: rendered once, kept. */
const usesCatalogue = (pathname: string) => /^\/(home\/?)?$|^\/product\//.test(pathname);

/** What the server reads for a rendered page: the public catalogue. */
export type PageDataReader = Pick<CatalogueReader, 'products' | 'product'>;

/** The web app's server render (apps/web/src/entry-server.tsx), built into dist/.ssr by `npm run build`. */
type ServerRender = {
  renderDocument(template: string, url: string, reader: PageDataReader): Promise<string | null>;
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
export const webPlugin = fp<{ distDir: string; indexHtml: string | undefined; reader: PageDataReader }>(
  async (app, { distDir, indexHtml, reader }) => {
    const serverRender = indexHtml ? await loadServerRender(distDir) : undefined;
    const rendered = new Map<string, CachedPage>();

    /** The page as HTML with its content, or undefined (then index.html alone, and the SPA renders it). */
    const renderPage = async (url: string, pathname: string): Promise<CachedPage | undefined> => {
      if (!serverRender || !indexHtml || !isRenderedRoute(pathname)) return undefined;
      const keep = !usesCatalogue(pathname) && !url.includes('?');
      const kept = keep ? rendered.get(pathname) : undefined;
      if (kept) return kept;
      try {
        const html = await serverRender.renderDocument(indexHtml, url, reader);
        if (!html) return undefined;
        const page = cachedPage(html, 0);
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
      const page = request.method === 'GET' ? await renderPage(request.url, pathname) : undefined;
      reply
        .code(isClientRoute(pathname) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8');
      if (!page) return reply.send(indexHtml ?? NOT_BUILT);
      // The compress plugin hooks routes, and this handler is none: a rendered page is compressed here.
      const encoding = pickEncoding(request.headers['accept-encoding'], page.bodyIn('identity').length);
      reply.header('vary', 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(page.bodyIn(encoding));
    });
  },
  { name: 'web' },
);
