// `npm run admin -- promote EMAIL`: makes an existing account an admin, on the configured database
// (DATABASE_URL, or the PGlite folder under DATA_DIR). Stop the server first when it runs on PGlite:
// an embedded database has one user at a time.
import path from 'node:path';
import { EnvError, parseEnv } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { promoteToAdmin } from '../db/seed/accounts.ts';
import { createUsersRepository } from '../modules/users/repository.ts';

const [command, email] = process.argv.slice(2);
if (command !== 'promote' || !email) {
  console.error('Usage: npm run admin -- promote EMAIL');
  process.exit(2);
}

try {
  const env = parseEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: path.join(env.dataDir, 'pglite') },
  );
  try {
    if (await promoteToAdmin(database.db, email)) {
      console.log(`${email} is now an admin.`);
      // Whoever signed up with an address nobody confirmed chose its password: say so (record 0130).
      const user = await createUsersRepository(database.db).findByEmail(email);
      if (user && !user.emailVerified)
        console.warn(
          `Warning: ${email} has never been confirmed by its owner. Make sure you know who signed it up, or use ADMIN_EMAIL/ADMIN_PASSWORD, which sets the password and ends its sessions.`,
        );
    } else {
      console.error(`There is no account with the email ${email}. Sign up first, then run this again.`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exitCode = 1;
}
