/** Waits for `work` (what was made), then answers it with 201. */
export async function created<Made, Sent>(
  reply: { code(status: 201): { send(payload: Made): Sent } },
  work: Promise<Made>,
): Promise<Sent> {
  return reply.code(201).send(await work);
}

/** Waits for `work` (what was made), then answers 201 with the spec's `{ acknowledged, insertedId }` of it. */
export async function inserted<Sent>(
  reply: { code(status: 201): { send(payload: { acknowledged: true; insertedId: string }): Sent } },
  work: Promise<{ id: string }>,
): Promise<Sent> {
  return reply.code(201).send({ acknowledged: true, insertedId: (await work).id });
}

/** Waits for `work` (a removal), then answers 204 with no body. */
export async function noContent<Sent>(
  reply: { code(status: 204): { send(payload: null): Sent } },
  work: Promise<unknown>,
): Promise<Sent> {
  await work;
  return reply.code(204).send(null);
}

/**
 * Waits for `work` (a change: how many records it changed, or whether it changed the one), then answers
 * it as the spec's client reads it: `{ acknowledged, modifiedCount }`.
 */
export async function modified(
  work: Promise<number | boolean>,
): Promise<{ acknowledged: true; modifiedCount: number }> {
  const changed = await work;
  return { acknowledged: true, modifiedCount: typeof changed === 'number' ? changed : changed ? 1 : 0 };
}

/** Waits for `work` (a removal, or a cancellation the spec calls one), then answers `deletedCount` 1. */
export async function deleted(work: Promise<unknown>): Promise<{ acknowledged: true; deletedCount: 1 }> {
  await work;
  return { acknowledged: true, deletedCount: 1 };
}
