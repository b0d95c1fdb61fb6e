/** Waits for `work` (what was made), then answers it with 201. */
export async function created<Made, Sent>(
  reply: { code(status: 201): { send(payload: Made): Sent } },
  work: Promise<Made>,
): Promise<Sent> {
  return reply.code(201).send(await work);
}

/** Waits for `work` (a removal), then answers 204 with no body. */
export async function noContent<Sent>(
  reply: { code(status: 204): { send(payload: null): Sent } },
  work: Promise<unknown>,
): Promise<Sent> {
  await work;
  return reply.code(204).send(null);
}
