import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '@forgeline/shared/schemas/product';
import { isDatabaseUnavailable } from '../src/lib/database-errors.ts';
import { CatalogueCache } from '../src/modules/products/catalogue-cache.ts';
import { CATALOGUE_CHANNEL } from '../src/modules/products/catalogue-sync.ts';
import { createProductsRepository } from '../src/modules/products/repository.ts';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(() => t.close());

describe('liveness and readiness', () => {
  /** What readiness answers when every dependency is there (this test app's mail goes to files). */
  const READY = { status: 'ok', database: 'up', migrations: 'up', mail: 'files', disk: 'ok' };

  it('answers liveness without the database', async () => {
    const execute = vi.spyOn(t.app.db, 'execute');
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(execute).not.toHaveBeenCalled();
    execute.mockRestore();
  });

  it('answers readiness with each dependency: the database and its migrations', async () => {
    for (const url of ['/api/health/ready', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(READY);
    }
  });

  it('answers readiness 503 naming the database when it does not answer', async () => {
    const execute = vi
      .spyOn(t.app.db, 'execute')
      .mockRejectedValue(new Error('Connection terminated unexpectedly'));
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    execute.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ...READY, status: 'unavailable', database: 'down', migrations: 'unknown' });
  });
});

describe('while the database is away', () => {
  it('recognises the errors of a database that is down, restarting, paused or unreachable', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const wrapped = new Error('Failed query: select 1', { cause: terminated });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (const error of [
      terminated,
      wrapped,
      refused,
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
    const unique = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    expect(isDatabaseUnavailable(unique)).toBe(false);
    expect(isDatabaseUnavailable(new Error('Product not found.'))).toBe(false);
  });

  it('answers 503 with Retry-After, not 500, when a query loses its connection', async () => {
    const [product] = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Product[]>();
    // What Drizzle throws when PostgreSQL terminates the backend: pg's error (SQLSTATE 57P01), wrapped.
    const terminated = Object.assign(new pg.DatabaseError('terminating connection', 0, 'error'), {
      code: '57P01',
    });
    const select = vi.spyOn(t.app.db, 'select').mockImplementation(() => {
      throw new Error('Failed query: select ...', { cause: terminated });
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/purchase/${product!._id}` });
    select.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      message: 'The shop is briefly unavailable. Please try again in a moment.',
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('serves the last good copy of a catalogue page, and only for an outage', async () => {
    const cache = new CatalogueCache(0);
    const good = await cache.get('all', async () => ({ body: '[1]', total: 1 }));
    const down = new Error('Connection terminated unexpectedly');
    const served = await cache.get('all', async () => Promise.reject(down));
    expect(served.bodyIn('identity').toString()).toBe('[1]');
    expect(served.etag).toBe(good.etag);
    await expect(cache.get('all', async () => Promise.reject(new Error('syntax error')))).rejects.toThrow(
      'syntax error',
    );
    await expect(cache.get('other', async () => Promise.reject(down))).rejects.toThrow('terminated');
  });
});

describe('catalogue changes reach every instance', () => {
  it('marks the cached pages stale on a NOTIFY from another instance', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Product[]>();
    const target = first[0]!;
    // Another instance's write: straight to the database, so this instance's cache is not told directly.
    await createProductsRepository(t.app.db).update(target._id, { name: 'Renamed elsewhere' });
    const cached = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Product[]>();
    expect(cached[0]!.name).toBe(target.name);

    await t.app.db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
    await vi.waitFor(async () => {
      const fresh = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Product[]>();
      expect(fresh[0]!.name).toBe('Renamed elsewhere');
    });
  });
});
