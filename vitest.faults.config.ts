import { defineConfig } from 'vitest/config';

/**
 * The fault tests (`npm run test:faults`): a PostgreSQL cluster, a Redis and server processes of their
 * own, broken on purpose. Apart from `npm test`, which runs on machines without initdb; CI runs both.
 */
export default defineConfig({
  test: {
    include: ['apps/server/faults/**/*.fault.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // One file at a time: each starts its own database cluster and servers.
    fileParallelism: false,
  },
});
