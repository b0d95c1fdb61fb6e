import { Readable } from 'node:stream';

/** The text the stream gathers before it hands a piece to the response. */
const PIECE_CHARS = 64 * 1024;

/**
 * A JSON array written as it is read: `batches` (keyset pages of a list) are pulled only when the
 * response has taken what came before, so a client that reads slowly holds the server to a batch and a
 * piece of text, never the whole answer. Each item is written as `JSON.stringify(toJson(item))`.
 *
 * The first batch is read here, before the stream exists: a failure there is thrown to the route and
 * answered as any other error. A failure later destroys the stream, and with it the response: the client
 * sees a cut answer, never a shorter array that parses.
 */
export async function jsonArrayStream<T>(
  batches: AsyncIterator<readonly T[]>,
  toJson: (item: T) => unknown,
): Promise<Readable> {
  const first = await batches.next();
  async function* pieces() {
    let piece = '[';
    let separator = '';
    try {
      for (let next = first; !next.done; next = await batches.next()) {
        for (const item of next.value) {
          piece += separator + JSON.stringify(toJson(item));
          separator = ',';
          if (piece.length >= PIECE_CHARS) {
            yield piece;
            piece = '';
          }
        }
      }
      yield `${piece}]`;
    } finally {
      // A client that went away stops the reading too.
      await batches.return?.();
    }
  }
  return Readable.from(pieces(), { objectMode: false });
}
