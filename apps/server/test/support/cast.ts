import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { createUser, type TestUser } from '../auth-helper.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { makeProduct, snapshot } from './data.ts';

/** Who calls, in the authorization matrices: nobody, two customers, and an admin. */
export type Role = 'visitor' | 'customerA' | 'customerB' | 'admin';

export interface Cast {
  customerA: TestUser;
  customerB: TestUser;
  admin: TestUser;
  headersOf(role: Role): Record<string, string>;
}

export async function createCast(app: App): Promise<Cast> {
  const [customerA, customerB, admin] = await Promise.all([
    createUser(app),
    createUser(app),
    createUser(app, { admin: true }),
  ]);
  const users = { customerA, customerB, admin };
  return {
    ...users,
    headersOf: (role) => (role === 'visitor' ? {} : users[role].headers),
  };
}

/** Makes the call, checks its status, and checks that nothing at all changed in the database. */
export async function expectRefused<R extends { statusCode: number; body: string }>(
  app: App,
  call: () => Promise<R>,
  status: number,
): Promise<R> {
  const before = await snapshot(app);
  const res = await call();
  expect(res.statusCode, res.body).toBe(status);
  expect(await snapshot(app)).toEqual(before);
  return res;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request as `user` (a visitor when null), with a JSON body when one is given. */
export const requestAs = (app: App, user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: user?.headers ?? {},
    ...(payload !== undefined && { payload: payload as object }),
  });

/** requestAs on one app. */
export type Call = (
  user: TestUser | null,
  method: Method,
  url: string,
  payload?: unknown,
) => ReturnType<typeof requestAs>;

/** The app of a file's tests, with the cast of its authorization matrices. */
export async function buildAppWithCast(): Promise<{ t: TestApp; cast: Cast }> {
  const t = await buildTestApp();
  return { t, cast: await createCast(t.app) };
}

/** The app of a file's tests, with one admin, and `call`: one request on it as a user. */
export async function buildAppWithAdmin(): Promise<{
  t: TestApp;
  admin: TestUser;
  call: Call;
}> {
  const t = await buildTestApp();
  return {
    t,
    admin: await createUser(t.app, { admin: true }),
    call: (user, method, url, payload) => requestAs(t.app, user, method, url, payload),
  };
}

/** The app of a file's tests, with one customer, one admin, and one product the customer can order. */
export async function buildAppWithProduct(
  product: Parameters<typeof makeProduct>[1],
  customerOptions: Parameters<typeof createUser>[1] = {},
): Promise<{ t: TestApp; customer: TestUser; admin: TestUser; productId: string }> {
  const t = await buildTestApp();
  const [customer, admin] = await Promise.all([
    createUser(t.app, customerOptions),
    createUser(t.app, { admin: true }),
  ]);
  const productId = (await makeProduct(t.app, product)).id;
  return { t, customer, admin, productId };
}
