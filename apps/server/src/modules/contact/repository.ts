import {} from 'drizzle-orm';
import type { ContactBody, ContactMessage } from '@forgeline/shared/schemas/contact';
import type { Executor } from '../../db/client.ts';
import { newestFirst } from '../../db/keyset.ts';
import { contactMessages, type ContactMessageRow } from '../../db/schema/index.ts';

export const toContactMessageDto = (row: ContactMessageRow): ContactMessage => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});

/** The admin page shows the newest; older ones stay in the database. */
const NEWEST_LIMIT = 200;

export function createContactRepository(db: Executor) {
  return {
    async insert(body: ContactBody): Promise<ContactMessageRow> {
      const [row] = await db.insert(contactMessages).values(body).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async newest(): Promise<ContactMessage[]> {
      const rows = await db
        .select()
        .from(contactMessages)
        .orderBy(...newestFirst(contactMessages.createdAt, contactMessages.id))
        .limit(NEWEST_LIMIT);
      return rows.map(toContactMessageDto);
    },
  };
}
