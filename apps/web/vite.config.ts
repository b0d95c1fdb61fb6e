import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const apiTarget = 'http://127.0.0.1:3000';

/**
 * Puts the app's stylesheet into index.html as a <style>, in place of its <link>. Every page's first
 * paint then needs the HTML alone: no stylesheet request between the HTML and the content it carries
 * (the server-rendered public pages, docs/decisions/0040). The splash hides the page for 3 s anyway, but
 * Chrome leaves a full-screen image out of the largest paint, so the page under it is what counts there.
 * It is one request fewer on every first load; a later load reads the 20 KB again instead of a cached
 * file, which costs less than a round trip on a phone network (docs/decisions/0049).
 */
const inlineStylesheet = (): Plugin => ({
  name: 'forgeline:inline-stylesheet',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle }) {
      if (!bundle) return html;
      return html.replace(
        /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>\s*/g,
        (link, file: string) => {
          const asset = bundle[file];
          if (!asset || asset.type !== 'asset') return link;
          const css = String(asset.source);
          // A stylesheet cannot close the element it is inlined into.
          if (/<\/style/i.test(css)) return link;
          return `<style>${css}</style>\n    `;
        },
      );
    },
  },
});

/**
 * Asks for the app's scripts once the page and its pictures have painted (the load event, the decoding of
 * its first pictures, those with fetchpriority="high", then the next paint), or after 2 s at the latest. The page (the splash, or a public page the server rendered) needs
 * no script to be seen; scripts asked for earlier would only compete with its pictures on a slow phone
 * network (docs/decisions/0049). In a hidden tab there is no paint to wait for.
 */
const scriptsAfterThePage = (): Plugin => ({
  name: 'forgeline:scripts-after-first-paint',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { chunk }) {
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
      if (!entry) return html;
      // The entry's own imports are asked for with it (Vite writes no preload links: modulePreload is off).
      const preloads = (chunk?.imports ?? []).map((file) => `/${file}`);
      const page = html.replace(entry[0], '');
      const boot = `<script>
      (function () {
        var started = false;
        function start() {
          if (started) return;
          started = true;
          ${JSON.stringify(preloads)}.forEach(function (href) {
            var link = document.createElement('link');
            link.rel = 'modulepreload';
            link.crossOrigin = '';
            link.href = href;
            document.head.appendChild(link);
          });
          var script = document.createElement('script');
          script.type = 'module';
          script.crossOrigin = '';
          script.src = ${JSON.stringify(entry[1])};
          document.head.appendChild(script);
        }
        function afterNextPaint() {
          if (document.visibilityState !== 'visible') return start();
          requestAnimationFrame(function () {
            setTimeout(start, 0);
          });
        }
        // A loaded picture is painted once it is decoded, which can take frames after the load event.
        function afterThePictures() {
          var pictures = [].filter.call(document.images, function (img) {
            return img.getAttribute('fetchpriority') === 'high' && img.decode;
          });
          Promise.all(
            pictures.map(function (img) {
              return img.decode().catch(function () {});
            }),
          ).then(afterNextPaint);
        }
        window.addEventListener('load', afterThePictures);
        // An image that never arrives must not hold the app back for long.
        setTimeout(start, 2000);
      })();
    </script>
  </body>`;
      return page.replace('</body>', boot);
    },
  },
});

/**
 * React Router's production build, which its package.json never points to (every export condition names
 * dist/development: remix-run/react-router#14102, open). The development build keeps its dev warnings
 * (ENABLE_DEV_WARNINGS) and their messages in our bundle and in the browser's console.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * Lets the build leave out the React Router components we never use. Its `X.displayName = "X"` lines
 * only name components for React's dev tools, and its `React.forwardRef(...)` calls carry no
 * pure annotation, so rolldown counted both as side effects and kept <Form>, with useSubmit and the
 * form-data code, though nothing renders it: 1.4 KB gzip of the home page's first script
 * (docs/decisions/0051). forwardRef only wraps a function; the names are only read by dev tools.
 */
const treeShakeReactRouter = (): Plugin => ({
  name: 'forgeline:tree-shake-react-router',
  apply: 'build',
  transform: {
    filter: { id: /[\\/]node_modules[\\/]react-router[\\/]/ },
    handler: (code) => ({
      code: code
        .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '')
        .replace(/= (React\d*\.forwardRef\()/g, '= /* @__PURE__ */ $1'),
      map: null,
    }),
  },
});

/**
 * A build is always a production build. Vite keeps NODE_ENV when the shell sets it, and with
 * NODE_ENV=development in the shell `vite build` bundled React's development build (537 KB instead of
 * 337 KB). Vite reads NODE_ENV after the plugins' `config` hooks, so setting it there decides.
 */
const forceProductionBuild = (): Plugin => ({
  name: 'forgeline:production-build',
  config(_config, { command }) {
    if (command === 'build') process.env.NODE_ENV = 'production';
  },
});

/**
 * Every script and stylesheet of the client build (of 1 KB or more) is also written compressed, beside itself, at the
 * strongest settings: `name.js.br` (brotli 11) and `name.js.gz` (gzip 9). The server sends those as they
 * are (@fastify/static's preCompressed), where compressing on the fly uses brotli 4 to stay fast: the
 * entry script is 84.5 KB instead of 98.4 KB for every first visit (docs/decisions/0212).
 */
const PRECOMPRESS_FROM_BYTES = 1024;
const precompressAssets = (): Plugin => {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'forgeline:precompress-assets',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle)
          .filter((file) => /\.(js|css|svg)$/.test(file.fileName))
          .map(async (file) => {
            const bytes = Buffer.from(file.type === 'chunk' ? file.code : file.source);
            // Below 1 KB brotli's strongest setting gains nothing (and the server sends such files as they are).
            if (bytes.length < PRECOMPRESS_FROM_BYTES) return;
            const target = path.join(outDir, file.fileName);
            const [br, gz] = await Promise.all([
              brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
              gzipped(bytes, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
          }),
      );
    },
  };
};

/**
 * Modules the home page shares with other pages. They go into the entry chunk with everything main.tsx
 * imports, so that the home page loads three files (the entry, rolldown's runtime and its own chunk)
 * instead of seventeen: gzip compresses one large file better than many small ones, and each small chunk
 * repeats its imports and exports (docs/decisions/0047). The home page's own modules stay in its chunk.
 * A module added to this path that is not listed here becomes a small chunk of its own again; the bundle
 * budgets (apps/web/test/build/) show it. Only what several public pages use belongs here: the entry is
 * every page's cost (the home grid's search box left it for a group below, docs/decisions/0286).
 */
const homeSharedModules = [
  'src/config/home-meta.ts',
  'src/lib/page-meta.ts',
  'src/lib/use-near-viewport.ts',
  'src/components/ui/spinner.tsx',
  'src/components/ui/alert.tsx',
  'src/components/ui/submit-button.tsx',
  'src/components/pricing/contract-price-note.tsx',
  '../../packages/shared/src/constants.ts',
  '../../packages/shared/src/images.ts',
  '../../packages/shared/src/money.ts',
].map((file) => fileURLToPath(new URL(file, import.meta.url)));

/** The entry chunk: index.html's script (main.tsx, with its imports), Vite's helpers, and the above. */
const inEntryChunk = (id: string) =>
  id === fileURLToPath(new URL('index.html', import.meta.url)) ||
  id === fileURLToPath(new URL('src/main.tsx', import.meta.url)) ||
  id.startsWith('\0vite/') ||
  homeSharedModules.includes(id);

/**
 * What the sign-in and sign-up pages show besides their form (the card, Google's button, the words of
 * the provider's errors, the plain form that stands in for the live one): one chunk instead of two, each
 * of which both pages fetched (docs/decisions/0278). Only the auth pages import these modules. FormField
 * is left out: the dashboard's forms import it too, and would fetch this chunk for it.
 */
const authFrame =
  /[\\/]src[\\/]features[\\/]auth[\\/](components[\\/](auth-card|google-button|deferred-form)\.tsx|utils[\\/](auth-errors|redirect)\.ts|api[\\/](auth-request|sign-in-social)\.ts)$/;
const src = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Modules that several pages share, each set one chunk instead of a small chunk a module
 * (docs/decisions/0286): a page fetches the set whole, so a set holds only what its pages all use.
 * - the home grid's search box and paging, shared with Manage Products;
 * - the catalogue's keys, value formats and breadcrumbs: the category, search and part pages;
 * - a list's loading/empty state and its pager: the catalogue and the dashboard's lists;
 * - what the part page shares with the purchase page: pricing rules and their messages, the price table.
 */
const productSearch = [
  'src/features/products/components/product-search.tsx',
  'src/lib/use-address-search.ts',
  'src/lib/use-debounced-value.ts',
  'src/features/products/api/get-products.ts',
].map(src);
const cataloguePages = [
  'src/features/catalogue/api/catalogue-keys.ts',
  '../../packages/shared/src/catalogue.ts',
  'src/features/catalogue/components/breadcrumbs.tsx',
].map(src);
const listParts = ['src/components/ui/query-state.tsx', 'src/components/ui/pager.tsx'].map(src);
const productPage = [
  'src/components/pricing/price-table.tsx',
  'src/components/pricing/quantity-rules.tsx',
  'src/features/products/components/product-load-error.tsx',
  '../../packages/shared/src/pricing.ts',
  '../../packages/shared/src/messages.ts',
  'src/features/products/api/get-product.ts',
].map(src);
const formField = src('src/components/ui/form-field.tsx');

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    forceProductionBuild(),
    treeShakeReactRouter(),
    react(),
    tailwindcss(),
    inlineStylesheet(),
    scriptsAfterThePage(),
    precompressAssets(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  // The server's render (src/entry-server.tsx, `vite build --ssr`): one file with all it needs, so the
  // server loads it without the web app's packages (docs/decisions/0040).
  ssr: { noExternal: true },
  // Vite leaves process.env.NODE_ENV to run time in a server build, so React picked its development
  // renderer whenever the server ran without NODE_ENV=production, as `npm start` does: the render is
  // production's whatever the server's environment says (docs/decisions/0271).
  ...(isSsrBuild && { define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  build: isSsrBuild
    ? {
        outDir: 'dist/.ssr',
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
        rolldownOptions: { output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        assetsDir: 'assets',
        // dist/.vite/manifest.json: which chunks each route loads (the size budgets read it).
        manifest: true,
        target: 'es2022',
        // No preload lists: Vite's helper and the list of chunks each lazy import needs cost the home page
        // 1.7 KB gzip of its first script. A route's shared chunks are asked for once its own chunk is in;
        // links load their route's code as the pointer comes onto them (docs/decisions/0051).
        modulePreload: false,
        rolldownOptions: {
          treeshake: {
            // @forgeline/shared has no side effects: what the SPA does not import (zod schemas) stays out.
            moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]/.test(id),
          },
          output: {
            entryFileNames: 'assets/[name]-[hash].js',
            chunkFileNames: 'assets/[name]-[hash].js',
            assetFileNames: 'assets/[name]-[hash][extname]',
            // One group named after the entry: what it captures (with its dependencies) is the entry chunk.
            codeSplitting: {
              groups: [
                { name: 'index', test: inEntryChunk },
                // Captured first, so that the group below does not take it in as one of its dependencies.
                { name: 'form-field', test: (id: string) => id === formField },
                { name: 'auth-frame', test: authFrame },
                { name: 'product-search', test: (id: string) => productSearch.includes(id) },
                { name: 'catalogue-pages', test: (id: string) => cataloguePages.includes(id) },
                { name: 'list-parts', test: (id: string) => listParts.includes(id) },
                { name: 'product-page', test: (id: string) => productPage.includes(id) },
              ],
            },
          },
        },
      },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget },
      '/uploads': { target: apiTarget },
    },
  },
}));
