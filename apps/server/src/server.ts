import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { EnvError, isLoopbackHost, parseEnv } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_OFF_REASON,
  demoAccountsExist,
  ensureConfiguredAdmin,
  seedDemoAccounts,
  setDemoAccountsUsable,
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
    env.DATABASE_URL
      ? {
          url: env.DATABASE_URL,
          timeouts: { connectMs: env.DATABASE_CONNECT_TIMEOUT_MS, queryMs: env.DATABASE_QUERY_TIMEOUT_MS },
        }
      : { pgliteDir: path.join(env.dataDir, 'pglite') },
  );
  const app = await buildApp({ env, database });

  const seeded = env.SEED_DEMO_DATA === 'true' && (await seedDemoData(app.db, app.images));
  if (seeded) app.log.info('Seeded the demo catalogue and reviews.');
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const outcome = await ensureConfiguredAdmin(app.db, app.auth, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    if (outcome === 'password-set')
      app.log.warn(
        `Admin account ${env.ADMIN_EMAIL} already existed with another password: its password is now ADMIN_PASSWORD, and every session and reset link of it has been ended.`,
      );
    else
      app.log.info(
        `Admin account: ${env.ADMIN_EMAIL} (${outcome === 'created' ? 'created' : 'as configured'})`,
      );
  } else if (env.NODE_ENV !== 'production') {
    // Demo accounts with published passwords: only on a new demo install, never in production, and
    // usable only while nobody but this machine can reach the server.
    const local = isLoopbackHost(env.HOST);
    if (seeded && local) await seedDemoAccounts(app.db, app.auth);
    await setDemoAccountsUsable(app.db, local);
    if (!local && (await demoAccountsExist(app.db))) {
      app.log.warn(
        `Demo accounts are switched off: HOST=${env.HOST} lets other machines in. ${DEMO_OFF_REASON}`,
      );
    } else if (seeded || (await demoAccountsExist(app.db))) {
      const list = DEMO_ACCOUNTS.map((a) => `${a.role ?? 'customer'}: ${a.email} / ${a.password}`).join(', ');
      app.log.info(`Demo accounts (set ADMIN_EMAIL and ADMIN_PASSWORD for a real admin): ${list}`);
    }
  } else if ((await createUsersRepository(app.db).countAdmins()) === 0) {
    app.log.warn(
      'There is no admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin -- promote EMAIL`.',
    );
  }

  // SIGTERM/SIGINT: stop taking requests (503), close idle connections, let the requests under way
  // finish, then close the database (PGlite needs a clean close, or the next start runs crash
  // recovery) and exit 0. A client still trickling its request at half the grace period is cut off, so
  // the exit comes within SHUTDOWN_GRACE_MS; past it, close-with-grace exits 1.
  closeWithGrace(
    { delay: env.SHUTDOWN_GRACE_MS, logger: { error: (message: unknown) => app.log.error(message) } },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'fatal error: shutting down');
      else app.log.info(`${signal ?? 'exit'}: shutting down`);
      const cutOff = setTimeout(() => app.server.closeAllConnections(), env.SHUTDOWN_GRACE_MS / 2);
      cutOff.unref();
      await app.close();
      clearTimeout(cutOff);
    },
  );

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Forgeline is ready at ${env.publicUrl} (database: ${database.driver})`);
  app.log.info(
    isLoopbackHost(env.HOST)
      ? `Listening on ${env.HOST}:${env.PORT}: only this machine can reach it. Set HOST=0.0.0.0 to serve other machines.`
      : `Listening on ${env.HOST}:${env.PORT}: other machines can reach it.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
