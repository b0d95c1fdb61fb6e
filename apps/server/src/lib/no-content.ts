import { z } from 'zod';
import { errorResponses } from './errors.ts';

/** The `:id` of a route: text up to 100 characters (the service answers 404 for one that names nothing). */
export const IdParams = z.object({ id: z.string().max(100) });

/** The answers of a route that removes something: 204 with no body, or an error. */
export const noContentResponses = { 204: z.null(), ...errorResponses };

/** Waits for `work` (a removal), then answers 204 with no body. */
export async function noContent<Sent>(
  reply: { code(status: 204): { send(payload: null): Sent } },
  work: Promise<unknown>,
): Promise<Sent> {
  await work;
  return reply.code(204).send(null);
}
