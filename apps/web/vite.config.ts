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

export default defineConfig({
  plugins: [react(), tailwindcss(), stylesheetAfterSplash()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
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
});
