import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The one read approvals make of their own: the buyer's account, to place as them. */
export function createApprovalsRepository(db: Executor) {
  return {
    async user(id: string) {
      const [row] = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, id));
      // The buyer acts as a customer of the company, whatever else their account may do.
      return row && { ...row, role: null };
    },
  };
}
