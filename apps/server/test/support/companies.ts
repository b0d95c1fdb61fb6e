import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import type { TestUser } from '../auth-helper.ts';
import { requestAs } from './cast.ts';

/**
 * A company the shop's admin creates through the API, each member added in the role given (admin, buyer,
 * finance…); answers its id. Every step is checked.
 */
export async function createCompany(
  app: App,
  shopAdmin: TestUser,
  company: { name: string; country: string; billingAddress?: string },
  members: (readonly [TestUser, string])[] = [],
): Promise<string> {
  const created = await requestAs(app, shopAdmin, 'POST', '/api/companies', {
    billingAddress: '1 Works Road',
    ...company,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: string }>().id;
  for (const [user, role] of members) {
    const added = await requestAs(app, shopAdmin, 'POST', `/api/companies/${id}/members`, {
      email: user.email,
      role,
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  return id;
}

/**
 * The shop's admin sets up the company's punchout: its buyer, cXML identity and any secrets or OCI
 * login given (those left out are kept). It must be saved; answers the response.
 */
export async function setUpPunchout(
  app: App,
  shopAdmin: TestUser,
  companyId: string,
  settings: Record<string, unknown>,
) {
  const saved = await requestAs(app, shopAdmin, 'PUT', `/api/companies/${companyId}/punchout`, settings);
  expect(saved.statusCode, saved.body).toBe(200);
  return saved;
}
