import path from 'node:path';
import { buildApp } from './app.ts';
import { EnvError, parseEnv } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import {
  DEMO_ACCOUNTS,
  demoAccountsExist,
  ensureConfiguredAdmin,
  seedDemoAccounts,
} from './db/seed/accounts.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { createUsersRepository } from './modules/users/repository.ts';

/** Starts Forgeline: configuration, database (migrated), demo data on a new install, then listen. */
async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: path.join(env.dataDir, 'pglite') },
  );
  const app = await buildApp({ env, database });

  const seeded = env.SEED_DEMO_DATA === 'true' && (await seedDemoData(app.db, app.images));
  if (seeded) app.log.info('Seeded the demo catalogue and reviews.');
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    await ensureConfiguredAdmin(app.db, app.auth, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    app.log.info(`Admin account: ${env.ADMIN_EMAIL}`);
  } else if (env.NODE_ENV !== 'production') {
    // Demo accounts with published passwords: only on a new demo install, never in production.
    if (seeded) await seedDemoAccounts(app.db, app.auth);
    if (seeded || (await demoAccountsExist(app.db))) {
      const list = DEMO_ACCOUNTS.map((a) => `${a.role ?? 'customer'}: ${a.email} / ${a.password}`).join(', ');
      app.log.info(`Demo accounts (set ADMIN_EMAIL and ADMIN_PASSWORD for a real admin): ${list}`);
    }
  } else if ((await createUsersRepository(app.db).countAdmins()) === 0) {
    app.log.warn(
      'There is no admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin -- promote EMAIL`.',
    );
  }

  // Finish the requests under way, then close the database (PGlite needs a clean close, or the
  // next start runs crash recovery).
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: shutting down`);
      const forceExit = setTimeout(() => process.exit(1), 10_000).unref();
      app.close().then(
        () => {
          clearTimeout(forceExit);
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Forgeline is ready at ${env.publicUrl} (database: ${database.driver})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
