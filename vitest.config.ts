import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverTests = 'apps/server/test';
/**
 * The API files that replace a module with vi.mock: they need a module registry of their own, so they run
 * isolated ('server-mocks'); every other API file shares its worker's (docs/decisions/0284).
 */
const mockingServerTests = readdirSync(serverTests)
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => readFileSync(`${serverTests}/${file}`, 'utf8').includes('vi.mock('))
  .map((file) => `${serverTests}/${file}`);
const serverProject = {
  environment: 'node' as const,
  setupFiles: ['apps/server/test/setup.ts'],
  // Migrates one database for the run; each test's database starts as a copy of it.
  globalSetup: ['apps/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** One runner for every suite; `npm test` runs them all, `--project NAME` runs one. */
export default defineConfig({
  test: {
    // Both cores (Vitest's default leaves one idle: one file at a time on a 2-core machine).
    maxWorkers: 2,
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
          ...serverProject,
          name: 'server',
          include: [`${serverTests}/**/*.test.ts`],
          exclude: mockingServerTests,
          // Each file builds its own app and databases, and keeps no state in modules: a worker imports the
          // server once rather than once a file, which was half of the suite's time.
          isolate: false,
        },
      },
      { test: { ...serverProject, name: 'server-mocks', include: mockingServerTests } },
      {
        plugins: [react()],
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          // Room for the 8 s waits of the setup file (the default, 5 s, would cut a slow test short).
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
          // A page's data arrives over the network and renders on a shared 2-core machine: Vitest's 1 s
          // default made a poll for a list just opened fail under CI's load.
          expect: { poll: { timeout: 10_000 } },
          // Each file starts a real server and a browser: two at a time is what 2 cores allow, and only
          // after the other projects, so that they don't fight for the CPU.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
