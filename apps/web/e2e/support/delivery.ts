import type { APIRequestContext } from 'playwright-core';

/**
 * The checkout body's delivery for a journey that places through the API: the demo start offers delivery
 * methods (decision 0235), so a checkout must name one. Collection from the works costs nothing, so the
 * journey's figures stay those of its parts.
 */
export async function collectionFromTheWorks(
  request: APIRequestContext,
  base: string,
  headers: Record<string, string>,
): Promise<{ methodId: string; country: string; region: string }> {
  const destination = { country: 'US', region: 'IL' };
  const answer = await request.get(`${base}/api/delivery/options?country=US&region=IL`, { headers });
  if (!answer.ok()) throw new Error(`delivery options: ${answer.status()} ${await answer.text()}`);
  const { options } = (await answer.json()) as { options: { methodId: string; kind: string }[] };
  const collection = options.find((option) => option.kind === 'collection');
  if (!collection) throw new Error('The demo offers no collection from the works');
  return { methodId: collection.methodId, ...destination };
}
