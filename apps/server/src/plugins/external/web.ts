import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * The client routes (SPEC §2, and the B2B pages of apps/web/src/config/paths.ts): they answer
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
export const webPlugin = fp<{ distDir: string; indexHtml: string | undefined }>(
  async (app, { distDir, indexHtml }) => {
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

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/uploads/')) {
        return reply
          .code(404)
          .send({ message: `No such endpoint: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(404).send({ message: 'Not found.', code: 'NOT_FOUND' });
      }
      return reply
        .code(isClientRoute(pathname) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml ?? NOT_BUILT);
    });
  },
  { name: 'web' },
);
