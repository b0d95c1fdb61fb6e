import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { viewOf } from '../pricing/index.ts';
import type { CatalogueCache } from './catalogue-cache.ts';
import { createProductsRepository } from './repository.ts';

/**
 * The photo of a part made for some customers only is theirs too (docs/decisions/0216): anyone else gets
 * the 404 they get for the part. Only photos in our own store can be guarded; a photo in an S3 bucket is
 * served by the bucket. The few restricted parts' photos are read again after any catalogue change.
 */
export function guardRestrictedImages(app: FastifyInstance, cache: CatalogueCache) {
  let known: { version: number; until: number; images: Awaited<ReturnType<typeof read>> } | undefined;
  const read = () => createProductsRepository(app.db).restrictedImages();

  async function restrictedImages() {
    const now = Date.now();
    if (!known || known.version !== cache.version || known.until < now) {
      const version = cache.version;
      known = { version, until: now + 2_000, images: await read() };
    }
    return known.images;
  }

  /** onRequest of the photo store: 404 for a restricted part's photo unless the caller sees the part. */
  return async (request: FastifyRequest) => {
    const url = decodeURIComponent(request.url.split('?')[0] ?? '');
    const showing = (await restrictedImages()).get(url);
    if (!showing) return;
    const view = await viewOf(app.db, await app.resolveUser(request));
    if (!showing.some((product) => view.sees(product))) throw notFound('Image');
    request.privateImage = true;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A restricted part's photo: kept by the viewer's browser alone, never by a shared cache. */
    privateImage?: boolean;
  }
}
