import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const apiTarget = 'http://127.0.0.1:3000';

/**
 * Moves the app's stylesheet from <head> to just before #root. A stylesheet in <head> holds back every
 * paint; after the splash (styled inline) it holds back only what follows it, so the splash paints at
 * once. The app's scripts still wait for it: React never renders unstyled.
 */
const stylesheetAfterSplash = (): Plugin => ({
  name: 'forgeline:stylesheet-after-splash',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const links = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
      if (links.length === 0 || !html.includes('<div id="root">')) return html;
      const withoutLinks = links.reduce((page, link) => page.replace(link, ''), html);
      return withoutLinks.replace(
        '<div id="root">',
        `${links.map((l) => l.trim()).join('\n    ')}\n    <div id="root">`,
      );
    },
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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [forceProductionBuild(), react(), tailwindcss(), stylesheetAfterSplash()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The server's render (src/entry-server.tsx, `vite build --ssr`): one file with all it needs, so the
  // server loads it without the web app's packages (docs/decisions/0040).
  ssr: { noExternal: true },
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
        rolldownOptions: {
          treeshake: {
            // @forgeline/shared has no side effects: what the SPA does not import (zod schemas) stays out.
            moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]/.test(id),
          },
          output: {
            entryFileNames: 'assets/[name]-[hash].js',
            chunkFileNames: 'assets/[name]-[hash].js',
            assetFileNames: 'assets/[name]-[hash][extname]',
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
