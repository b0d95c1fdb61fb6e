import {} from 'drizzle-orm';
import type { NewsletterSubscriber } from '@forgeline/shared/schemas/contact';
import type { Executor } from '../../db/client.ts';
import { newestFirst } from '../../db/keyset.ts';
import { newsletterSubscribers } from '../../db/schema/index.ts';

const NEWEST_LIMIT = 500;

export function createNewsletterRepository(db: Executor) {
  return {
    /** Adds the address; answers false when it was already subscribed (one statement, race-free). */
    async subscribe(email: string): Promise<boolean> {
      const rows = await db
        .insert(newsletterSubscribers)
        .values({ email })
        .onConflictDoNothing({ target: newsletterSubscribers.email })
        .returning({ id: newsletterSubscribers.id });
      return rows.length > 0;
    },
    async newest(): Promise<NewsletterSubscriber[]> {
      const rows = await db
        .select()
        .from(newsletterSubscribers)
        .orderBy(...newestFirst(newsletterSubscribers.createdAt, newsletterSubscribers.id))
        .limit(NEWEST_LIMIT);
      return rows.map((row) => ({ _id: row.id, email: row.email, createdAt: row.createdAt.toISOString() }));
    },
  };
}
