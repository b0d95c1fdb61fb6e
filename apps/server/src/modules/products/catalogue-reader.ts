import { createHash } from 'node:crypto';
import {
  ProductListQuerySchema,
  type Product,
  type ProductListQuery,
} from '@forgeline/shared/schemas/product';
import type { Executor } from '../../db/client.ts';
import {
  PUBLIC_VIEW,
  viewOf,
  viewProduct,
  viewProducts,
  type CatalogueView,
  type CatalogueViewer,
} from '../pricing/index.ts';
import {
  BrowseQuerySchema,
  type BrowseQuery,
  type BrowseResult,
  type ProductSpecs,
} from '@forgeline/shared/schemas/catalogue';
import { DomainError } from '../../lib/errors.ts';
import { readCatalogue, type Catalogue } from '../categories/index.ts';
import { browse, browseKey, productSpecs, suggest } from './browse.ts';
import type { CachedPage, CatalogueCache } from './catalogue-cache.ts';
import { createProductsRepository, toProductDto } from './repository.ts';

/**
 * The catalogue as GET /api/products and GET /api/purchase/:id answer it, for those routes and for
 * the pages the server renders (docs/decisions/0040): both read the same cached pages, kept per
 * catalogue view (decision 0216): every visitor and every buyer without contract terms share the
 * public pages; a company with its own prices or parts has its own.
 */
export function createCatalogueReader(db: Executor, cache: CatalogueCache) {
  const repository = createProductsRepository(db);
  // Who sees which view, by the credential a request carries (hashed): read again after any catalogue
  // change (a price list's included) and after two seconds, so a buyer's catalogue read mostly costs no
  // session lookup. A person who signed out or left a company sees the change within that time; the
  // catalogue only shows prices, and every path that sells reads the buyer's view again.
  const byCredential = new Map<string, { view: CatalogueView; version: number; until: number }>();
  // The category tree and its attributes, read once per catalogue version (every change to them goes
  // through the cache's invalidation, in this instance or announced by another) rather than per page;
  // the time-to-live is the same safety net as the pages'.
  let tree: { version: number; until: number; read: Promise<Catalogue> } | undefined;
  function currentCatalogue(): Promise<Catalogue> {
    const now = Date.now();
    if (!tree || tree.version !== cache.version || tree.until <= now) {
      const read = readCatalogue(db);
      const entry = { version: cache.version, until: now + cache.ttlMs, read };
      tree = entry;
      // A failed read is not kept: the next request reads again.
      read.catch(() => {
        if (tree === entry) tree = undefined;
      });
    }
    return tree.read;
  }

  /** The catalogue view of a request's caller; `resolve` says who that is when not known just now. */
  async function viewOfRequest(
    credential: string | undefined,
    resolve: () => Promise<CatalogueViewer>,
  ): Promise<CatalogueView> {
    if (!credential) return PUBLIC_VIEW;
    const key = createHash('sha256').update(credential).digest('base64url');
    const now = Date.now();
    const known = byCredential.get(key);
    if (known && known.version === cache.version && known.until > now) return known.view;
    const version = cache.version;
    const fresh = await viewOf(db, await resolve());
    if (byCredential.size >= 10_000) byCredential.clear();
    byCredential.set(key, { view: fresh, version, until: now + 2_000 });
    return fresh;
  }

  const page = (query: ProductListQuery, seen: CatalogueView = PUBLIC_VIEW): Promise<CachedPage> =>
    cache.get(
      JSON.stringify([
        seen.key,
        query.search?.toLowerCase() ?? '',
        query.page ?? 1,
        query.limit ?? 0,
        query.discontinued ?? '',
      ]),
      async () => {
        const { items, total } = await repository.list(query, seen.visibility);
        const priced = await viewProducts(db, seen, items);
        return { body: JSON.stringify(priced.map(toProductDto)), total };
      },
    );

  /** A category's or a search's page with its filters and counts, cached per view like the catalogue pages. */
  const browsePage = (query: BrowseQuery, seen: CatalogueView = PUBLIC_VIEW): Promise<CachedPage> =>
    cache.get(browseKey(seen, query), async () => {
      const result = await browse(db, seen, query, await currentCatalogue());
      return { body: JSON.stringify(result), total: result.total };
    });

  return {
    viewOfRequest,
    page,
    browsePage,
    /**
     * A browse page for the pages the server renders, from the address's parameters; a refusal (an
     * unknown category or filter) is answered as GET /api/catalogue would answer it, not thrown.
     */
    async browse(params: Record<string, string>, seen: CatalogueView = PUBLIC_VIEW): Promise<BrowseAnswer> {
      const query = BrowseQuerySchema.safeParse(params);
      if (!query.success) {
        const message = query.error.issues[0]?.message ?? 'That page of the catalogue does not exist.';
        return { ok: false, status: 400, code: 'VALIDATION_FAILED', message };
      }
      try {
        const cached = await browsePage(query.data, seen);
        return { ok: true, result: JSON.parse(cached.bodyIn('identity').toString('utf8')) as BrowseResult };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const status = error.code === 'NOT_FOUND' ? 404 : 400;
        return { ok: false, status, code: error.code, message: error.message };
      }
    },
    /** Suggestions for a search box, cached per view like the pages (a keystroke is a read). */
    suggestions: (q: string, seen: CatalogueView = PUBLIC_VIEW): Promise<CachedPage> =>
      cache.get(JSON.stringify(['suggest', seen.key, q.trim().toLowerCase()]), async () => {
        const found = await suggest(db, seen, q);
        return { body: JSON.stringify(found), total: found.length };
      }),
    /** A part's category trail and values; null when there is none or it is hidden from the viewer. */
    specs: async (id: string, seen: CatalogueView = PUBLIC_VIEW): Promise<ProductSpecs | null> =>
      productSpecs(db, seen, id, await currentCatalogue()),
    /** One page of the catalogue, parsed; a query the API would refuse is refused here too. */
    async products(
      query: { search?: string; page: number; limit: number },
      seen: CatalogueView = PUBLIC_VIEW,
    ) {
      const cached = await page(ProductListQuerySchema.parse(query), seen);
      return {
        products: JSON.parse(cached.bodyIn('identity').toString('utf8')) as Product[],
        total: cached.total,
      };
    },
    /** One part as the viewer sees it; null when there is none or it is hidden from them. */
    async product(id: string, seen: CatalogueView = PUBLIC_VIEW): Promise<Product | null> {
      const row = await viewProduct(db, seen, await repository.findById(id));
      if (!row) return null;
      // A discontinued part names its successor, if the viewer sees that one (decision 0233).
      const successor =
        row.discontinued && row.replacementId
          ? await viewProduct(db, seen, await repository.findById(row.replacementId))
          : undefined;
      return {
        ...toProductDto(row),
        ...(successor && { replacedBy: { _id: successor.id, name: successor.name, sku: successor.sku } }),
      };
    },
  };
}

export type CatalogueReader = ReturnType<typeof createCatalogueReader>;

/** A browse page, or the refusal GET /api/catalogue would answer. */
export type BrowseAnswer =
  { ok: true; result: BrowseResult } | { ok: false; status: number; code: string; message: string };

/** What says who a request is: its bearer token or its session cookie (undefined: a visitor). */
export function credentialOf(request: {
  headers: { authorization?: string; cookie?: string };
}): string | undefined {
  const { authorization, cookie } = request.headers;
  if (authorization) return authorization;
  return cookie?.match(/(?:^|;\s*)(?:__Secure-)?forgeline\.session_token=([^;]+)/)?.[1];
}
