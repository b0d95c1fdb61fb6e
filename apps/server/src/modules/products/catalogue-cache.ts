import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../lib/database-errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
  }
}

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedPage {
  total: number;
  etag: string;
  /** The JSON body in each encoding, compressed once when first asked for (not once per request). */
  bodyIn(encoding: Encoding): Buffer;
}

/** The best encoding the client accepts, for a body worth compressing. */
export function pickEncoding(acceptEncoding: string | undefined, bytes: number): Encoding {
  if (!acceptEncoding || bytes < 1024) return 'identity';
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return 'identity';
}

/**
 * Sends a cached JSON page: its etag (304 when the client has it), kept by any cache when it is the
 * public catalogue's (`shared`) and by the browser alone otherwise, in the best encoding the client takes.
 * Already serialized: a Buffer payload with a content type skips the serializer.
 */
export function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedPage,
  shared: boolean,
) {
  reply.headers({
    etag: cached.etag,
    'cache-control': shared ? 'no-cache' : 'private, no-cache',
    vary: 'accept-encoding, cookie, authorization',
  });
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send(null);
  const encoding = pickEncoding(request.headers['accept-encoding'], cached.bodyIn('identity').length);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(cached.bodyIn(encoding));
}

/** A body kept ready to send in each encoding (also the server-rendered pages of web.ts). */
export function cachedPage(body: string, total: number): CachedPage {
  const identity = Buffer.from(body);
  const encoded = new Map<Encoding, Buffer>([['identity', identity]]);
  return {
    total,
    etag: `W/"${createHash('sha1').update(identity).digest('base64url')}"`,
    bodyIn(encoding) {
      let bytes = encoded.get(encoding);
      if (!bytes) {
        bytes =
          encoding === 'br'
            ? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
            : gzipSync(identity);
        encoded.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/**
 * The catalogue read is the hot path (docs/architecture.md §8): pages are kept serialized (and compressed), ready to send. A write in
 * any instance makes every instance's pages stale at once (PostgreSQL NOTIFY, see catalogue-sync.ts); the
 * short time-to-live is the safety net for a notification lost with its connection. Stock is enforced by
 * the database on every order, so a page a second old misleads no one into an oversold order.
 * While the database is away, the last good copy of a page is served rather than an error.
 */
export class CatalogueCache {
  private readonly pages = new Map<string, CachedPage & { expiresAt: number }>();
  private generation = 0;
  /** Told of every local invalidation, to pass it on to the other instances. */
  onInvalidate: (() => void) | undefined;

  constructor(
    /** How long a page is served without reading it again, when no change was announced. */
    readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  async get(key: string, load: () => Promise<{ body: string; total: number }>): Promise<CachedPage> {
    const now = Date.now();
    const hit = this.pages.get(key);
    if (hit && hit.expiresAt > now) return hit;

    const generation = this.generation;
    let loaded;
    try {
      loaded = await load();
    } catch (error) {
      if (hit && isDatabaseUnavailable(error)) return hit;
      throw error;
    }
    const page = Object.assign(cachedPage(loaded.body, loaded.total), { expiresAt: now + this.ttlMs });
    // A write that happened while we read must not be hidden behind what we read before it.
    if (generation === this.generation) {
      if (this.pages.size >= this.maxEntries) this.pages.clear();
      this.pages.set(key, page);
    }
    return page;
  }

  /** Goes up at every change (here or in another instance): what was read before it may be stale. */
  get version(): number {
    return this.generation;
  }

  /** A change here: every page is stale, in this instance and (through onInvalidate) in the others. */
  invalidate(): void {
    this.markStale();
    this.onInvalidate?.();
  }

  /** Pages are kept, expired: the next read reloads them, and they stand in while the database is away. */
  markStale(): void {
    this.generation += 1;
    for (const page of this.pages.values()) page.expiresAt = 0;
  }
}
