import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { EnvError, isLoopbackHost, parseEnv, type Env } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import {
  DEMO_ACCOUNTS,
  demoAccountsExist,
  demoAccountsOffReason,
  ensureConfiguredAdmin,
  seedDemoAccounts,
  setDemoAccountsUsable,
} from './db/seed/accounts.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { seedDemoTaxRates } from './db/seed/tax.ts';
import { seedDemoDelivery } from './db/seed/delivery.ts';
import { trackUnfinishedRequests } from './lib/unfinished-requests.ts';
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

  // One instance at a time: those starting together on a new database would each create the admin.
  await database.exclusive(() => prepareData(app, env));

  // SIGTERM/SIGINT: stop taking requests (503), close idle connections, let the requests under way
  // finish, then close the database (PGlite needs a clean close, or the next start runs crash
  // recovery) and exit 0. A request still unanswered at half the grace period (a client trickling its
  // body, a handler that will not finish) is answered 503 with `Connection: close`, then its connection
  // closed, so the exit comes within SHUTDOWN_GRACE_MS; past it, close-with-grace exits 1.
  const unfinished = trackUnfinishedRequests(app.server);
  closeWithGrace(
    { delay: env.SHUTDOWN_GRACE_MS, logger: { error: (message: unknown) => app.log.error(message) } },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'fatal error: shutting down');
      else app.log.info(`${signal ?? 'exit'}: shutting down`);
      const cutOff = setTimeout(() => {
        void unfinished.answerUnavailable().then((answered) => {
          if (answered > 0)
            app.log.warn(`shutdown: answered 503 to ${answered} request(s) not finished in time`);
          app.server.closeAllConnections();
        });
      }, env.SHUTDOWN_GRACE_MS / 2);
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

/** The start-time writes: demo data on a new install, the configured admin, the demo accounts' state. */
async function prepareData(app: Awaited<ReturnType<typeof buildApp>>, env: Env) {
  const seeded = env.SEED_DEMO_DATA === 'true' && (await seedDemoData(app.db, app.images));
  if (seeded) app.log.info('Seeded the demo catalogue and reviews.');
  if (env.SEED_DEMO_DATA === 'true' && (await seedDemoTaxRates(app.db)))
    app.log.info('Seeded the demo tax rates (Illinois and a few states, DE, FR, NL, GB).');
  if (env.SEED_DEMO_DATA === 'true' && (await seedDemoDelivery(app.db)))
    app.log.info('Seeded the demo delivery zones and methods.');
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
  }
  // Demo accounts with published passwords: only while nobody but this machine can reach the server.
  // Checked at every start, so that accounts from an earlier local start stop working once exposed.
  const demoOff = demoAccountsOffReason(env);
  if (!(env.ADMIN_EMAIL && env.ADMIN_PASSWORD) && seeded && demoOff === null)
    await seedDemoAccounts(app.db, app.auth);
  await setDemoAccountsUsable(app.db, demoOff === null);
  const demoExist = await demoAccountsExist(app.db);
  if (demoOff !== null) {
    app.log[demoExist ? 'warn' : 'info'](
      `demo accounts: off (${demoOff})${demoExist ? '; the existing ones are switched off and cannot sign in' : ''}`,
    );
  } else if (demoExist) {
    const list = DEMO_ACCOUNTS.map((a) => `${a.role ?? 'customer'}: ${a.email} / ${a.password}`).join(', ');
    app.log.info(`demo accounts: on (only this machine can reach the server): ${list}`);
  } else {
    app.log.info('demo accounts: none in this database');
  }
  if (env.bankAccount === null)
    app.log.warn(
      `SELLER_BANK_ACCOUNT is not set: invoices on payment terms tell buyers to ask ${env.SELLER_EMAIL} for the bank details.`,
    );
  if (!(env.ADMIN_EMAIL && env.ADMIN_PASSWORD) && (await createUsersRepository(app.db).countAdmins()) === 0) {
    app.log.warn(
      'There is no admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin -- promote EMAIL`.',
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
