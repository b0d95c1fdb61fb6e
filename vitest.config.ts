import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** One runner for every suite; `npm test` runs them all, `--project NAME` runs one. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['apps/server/test/setup.ts'],
          // Migrates one database for the run; each test's database starts as a copy of it.
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          // Room for the 4 s waits of the setup file (the default, 5 s, would cut a slow test short).
          testTimeout: 20_000,
        },
      },
      {
        // Checks of the build output (size budgets): `npm test` builds first.
        test: { name: 'web-build', include: ['apps/web/test/build/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'web-e2e',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // Each file starts a real server and a browser: two at a time is what 2 cores allow, and only
          // after the other projects, so that they don't fight for the CPU.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
