import type { NewsletterSubscriber } from '@forgeline/shared/schemas/contact';
import type { AppDeps } from '../../lib/deps.ts';
import { createNewsletterRepository } from './repository.ts';

/**
 * Subscribes an address. Whether it was known already is not for a visitor to learn: the caller answers
 * the same either way, so nothing is returned.
 */
export async function subscribeToNewsletter(deps: Pick<AppDeps, 'db'>, email: string): Promise<void> {
  await createNewsletterRepository(deps.db).subscribe(email);
}

/** The newest subscribers (admins). */
export async function listSubscribers(deps: Pick<AppDeps, 'db'>): Promise<NewsletterSubscriber[]> {
  return createNewsletterRepository(deps.db).newest();
}
