import type { ContactBody, ContactMessage } from '@forgeline/shared/schemas/contact';
import type { ContactMessageRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { createContactRepository } from './repository.ts';

/** The home page's 'Send Us Email' form: the message is kept for the admins. */
export async function sendContactMessage(
  deps: Pick<AppDeps, 'db'>,
  body: ContactBody,
): Promise<ContactMessageRow> {
  return createContactRepository(deps.db).insert(body);
}

/** The newest messages of the contact form (admins). */
export async function listContactMessages(deps: Pick<AppDeps, 'db'>): Promise<ContactMessage[]> {
  return createContactRepository(deps.db).newest();
}
