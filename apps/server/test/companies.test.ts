import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type {
  ApprovalNeeded,
  ApprovalResult,
  CompanyMember,
  MyCompany,
  OrderRequest,
} from '@forgeline/shared/schemas/company';
import { companyInvitations, orders, outboxMessages } from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { expectRefused, requestAs, type Method } from './support/cast.ts';
import { makeProduct, stockOf } from './support/data.ts';
import { createCompany } from './support/companies.ts';

const delivery = { address: '1 Works Road, Leeds', phone: '+44 113 496 0000' };

/**
 * Companies (docs/decisions/0213, 0214): a company with an admin, an approver, two buyers and finance,
 * and an outsider company, driven through the API as its members would.
 */
describe('companies: members, roles, invitations, limits and approvals', () => {
  let t: TestApp;
  let shop: TestUser;
  const people: Record<
    'admin' | 'approver' | 'approver2' | 'buyer' | 'buyer2' | 'finance' | 'outsider',
    TestUser
  > = {} as never;
  let companyId: string;
  let otherCompanyId: string;

  const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
    requestAs(t.app, user, method, url, payload);

  /** The link of the newest invitation mailed to `email` (only its hash is stored). */
  async function invitationToken(email: string): Promise<string> {
    const [mail] = await t.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, email))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    const token = mail?.textBody.match(/\/join\/([\w-]+)/)?.[1];
    if (!token) throw new Error(`no invitation mailed to ${email}`);
    return token;
  }

  async function join(member: TestUser, role: string, by: TestUser = people.admin) {
    const invited = await call(by, 'POST', '/api/company/invitations', { email: member.email, role });
    expect(invited.statusCode, invited.body).toBe(201);
    const accepted = await call(
      member,
      'POST',
      `/api/companyInvitations/${await invitationToken(member.email)}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    return accepted.json<MyCompany>();
  }

  async function fillCart(user: TestUser, lines: { productId: string; quantity: number }[]) {
    const res = await call(user, 'POST', '/api/cart/lines', { lines });
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createUser(t.app, { admin: true });
    for (const name of Object.keys({
      admin: 1,
      approver: 1,
      approver2: 1,
      buyer: 1,
      buyer2: 1,
      finance: 1,
      outsider: 1,
    }))
      people[name as keyof typeof people] = await createUser(t.app, { name: `Ann ${name}` });
    const created = await call(shop, 'POST', '/api/companies', {
      name: 'Acme Pumps GmbH',
      taxId: 'DE 129 273 398',
      billingAddress: 'Industriestr. 1, 70565 Stuttgart',
      country: 'DE',
    });
    expect(created.statusCode, created.body).toBe(201);
    companyId = created.json<{ id: string; taxId: string }>().id;
    expect(created.json<{ taxId: string }>().taxId).toBe('DE129273398');
    const attached = await call(shop, 'POST', `/api/companies/${companyId}/members`, {
      email: people.admin.email,
      role: 'admin',
    });
    expect(attached.statusCode, attached.body).toBe(201);
    await join(people.approver, 'approver');
    await join(people.approver2, 'approver');
    await join(people.buyer, 'buyer');
    await join(people.buyer2, 'buyer');
    await join(people.finance, 'finance');
    const other = await call(shop, 'POST', '/api/companies', {
      name: 'Other Ltd',
      billingAddress: '2 Side St',
      country: 'GB',
    });
    otherCompanyId = other.json<{ id: string }>().id;
    await call(shop, 'POST', `/api/companies/${otherCompanyId}/members`, {
      email: people.outsider.email,
      role: 'admin',
    });
    // Net 30 with a $1,000 credit line for the whole company.
    const terms = await call(shop, 'PATCH', `/api/companies/${companyId}/terms`, {
      terms: { termsDays: 30, creditLimit: 1000 },
    });
    expect(terms.statusCode, terms.body).toBe(200);
  });
  afterAll(() => t.close());

  it('refuses a bad tax ID, and shows each member their company, role and terms', async () => {
    const bad = await expectRefused(
      t.app,
      () =>
        call(shop, 'POST', '/api/companies', {
          name: 'Typo AG',
          taxId: 'DE129273399',
          billingAddress: 'x',
          country: 'DE',
        }),
      400,
    );
    expect(bad.body).toContain('not a valid VAT ID for Germany');
    const mine = (await call(people.buyer, 'GET', '/api/company')).json<MyCompany>();
    expect(mine.company?.name).toBe('Acme Pumps GmbH');
    expect(mine.company?.terms).toMatchObject({ approved: true, termsDays: 30, creditLimit: 1000 });
    expect(mine.member?.role).toBe('buyer');
    const none = (await call(shop, 'GET', '/api/company')).json<MyCompany>();
    expect(none).toMatchObject({ company: null, member: null });
    const members = (await call(people.finance, 'GET', '/api/company/members')).json<CompanyMember[]>();
    expect(members.map((m) => m.role).sort()).toEqual([
      'admin',
      'approver',
      'approver',
      'buyer',
      'buyer',
      'finance',
    ]);
  });

  it('lets each role do what it may and nothing else, and another company nothing at all', async () => {
    const site = await call(people.admin, 'POST', '/api/company/addresses', {
      label: 'Plant 2',
      contact: 'Gate keeper',
      phone: '+49 711 000000',
      address: 'Werkstr. 9, Stuttgart',
    });
    expect(site.statusCode, site.body).toBe(201);
    const siteId = site.json<{ id: string }>().id;
    const part = await makeProduct(t.app, { name: 'Matrix bolt', priceCents: 100, availableQuantity: 1000 });
    const list = { name: 'Monthly', lines: [{ productId: part.id, quantity: 5 }] };

    // [call, who may (2xx), the status everyone else of the company gets]
    const matrix: [string, Method, string, unknown, (keyof typeof people)[], number][] = [
      ['edit company', 'PATCH', '/api/company', { billingAddress: 'Neue Str. 2' }, ['admin'], 403],
      [
        'set a limit',
        'PATCH',
        `/api/company/members/${people.buyer2.id}`,
        { orderLimit: 900 },
        ['admin'],
        403,
      ],
      [
        'invite',
        'POST',
        '/api/company/invitations',
        { email: 'new.person@example.com', role: 'buyer' },
        ['admin'],
        403,
      ],
      [
        'add a site',
        'POST',
        '/api/company/addresses',
        { label: 'X', contact: 'Y', phone: '+49 1234567', address: 'Z 1' },
        ['admin'],
        403,
      ],
      [
        'edit a site',
        'PUT',
        `/api/company/addresses/${siteId}`,
        { label: 'Plant 2', contact: 'Gate', phone: '+49 711 000000', address: 'Werkstr. 9' },
        ['admin'],
        403,
      ],
      ['save a list', 'POST', '/api/company/lists', list, ['admin', 'approver', 'buyer'], 403],
      [
        'read members',
        'GET',
        '/api/company/members',
        undefined,
        ['admin', 'approver', 'buyer', 'finance'],
        200,
      ],
      [
        'read sites',
        'GET',
        '/api/company/addresses',
        undefined,
        ['admin', 'approver', 'buyer', 'finance'],
        200,
      ],
      ['read invitations', 'GET', '/api/company/invitations', undefined, ['admin'], 403],
    ];
    for (const [what, method, url, body, allowed, refusal] of matrix) {
      for (const role of ['admin', 'approver', 'buyer', 'finance'] as const) {
        if (allowed.includes(role)) {
          const res = await call(people[role], method, url, body);
          expect(res.statusCode, `${what} as ${role}: ${res.body}`).toBeLessThan(300);
        } else {
          await expectRefused(t.app, () => call(people[role], method, url, body), refusal);
        }
      }
    }
    // Another company's site, member or request does not exist for its admin; nobody-company people have no pages.
    await expectRefused(
      t.app,
      () =>
        call(people.outsider, 'PUT', `/api/company/addresses/${siteId}`, {
          label: 'Mine',
          contact: 'Me',
          phone: '+1 5555555',
          address: 'Here',
        }),
      404,
    );
    await expectRefused(
      t.app,
      () => call(people.outsider, 'PATCH', `/api/company/members/${people.buyer.id}`, { role: 'admin' }),
      404,
    );
    await expectRefused(
      t.app,
      () => call(people.outsider, 'DELETE', `/api/company/members/${people.buyer.id}`),
      404,
    );
    await expectRefused(t.app, () => call(shop, 'GET', '/api/company/members'), 404);
    // Escalation: a buyer cannot make themselves admin nor raise their own limit; finance cannot order.
    await expectRefused(
      t.app,
      () => call(people.buyer, 'PATCH', `/api/company/members/${people.buyer.id}`, { role: 'admin' }),
      403,
    );
    await expectRefused(
      t.app,
      () => call(people.buyer, 'PATCH', `/api/company/members/${people.buyer.id}`, { orderLimit: 1e6 }),
      403,
    );
    await fillCart(people.finance, [{ productId: part.id, quantity: 1 }]);
    const finance = await expectRefused(
      t.app,
      () => call(people.finance, 'POST', '/api/checkout', delivery),
      403,
    );
    expect(finance.body).toContain('Finance members');
    await call(people.finance, 'DELETE', '/api/cart');
    // Members only through this company's admin pages; the shop's admin pages are the shop's.
    await expectRefused(t.app, () => call(people.admin, 'GET', `/api/companies/${companyId}`), 403);
  });

  it('answers every other company endpoint by role: made fresh for each allowed call, refused unchanged otherwise', async () => {
    const part = await makeProduct(t.app, { name: 'Matrix nut', priceCents: 100, availableQuantity: 1000 });
    const roles = ['admin', 'approver', 'buyer', 'finance'] as const;
    const created = async (res: Promise<{ statusCode: number; body: string }>) => {
      const answer = await res;
      expect(answer.statusCode, answer.body).toBe(201);
      return (JSON.parse(answer.body) as { id: string }).id;
    };
    const site = () =>
      created(
        call(people.admin, 'POST', '/api/company/addresses', {
          label: 'Tmp',
          contact: 'C',
          phone: '+49 1234567',
          address: 'A 1',
        }),
      );
    const list = () =>
      created(
        call(people.admin, 'POST', '/api/company/lists', {
          name: 'Tmp',
          lines: [{ productId: part.id, quantity: 2 }],
        }),
      );
    const invitation = () =>
      created(
        call(people.admin, 'POST', '/api/company/invitations', {
          email: `m${Math.random().toString(36).slice(2, 8)}@example.com`,
          role: 'buyer',
        }),
      );
    const request = async () => {
      await call(people.admin, 'PATCH', `/api/company/members/${people.buyer2.id}`, { orderLimit: 1 });
      await call(people.buyer2, 'POST', '/api/cart/lines', { lines: [{ productId: part.id, quantity: 5 }] });
      const asked = await call(people.buyer2, 'POST', '/api/checkout', delivery);
      expect(asked.statusCode, asked.body).toBe(202);
      return asked.json<ApprovalNeeded>().request.id;
    };
    const member = async () => {
      const extra = await createUser(t.app);
      await join(extra, 'buyer');
      return extra.id;
    };
    // [what, method, url of a fresh target, body, the roles allowed, what the others get]
    const rows: [
      string,
      Method,
      (id: string) => string,
      () => Promise<string>,
      unknown,
      readonly string[],
      number,
    ][] = [
      ['delete a site', 'DELETE', (id) => `/api/company/addresses/${id}`, site, undefined, ['admin'], 403],
      [
        'resend an invitation',
        'POST',
        (id) => `/api/company/invitations/${id}/resend`,
        invitation,
        undefined,
        ['admin'],
        403,
      ],
      [
        'revoke an invitation',
        'DELETE',
        (id) => `/api/company/invitations/${id}`,
        invitation,
        undefined,
        ['admin'],
        403,
      ],
      [
        'edit a list',
        'PUT',
        (id) => `/api/company/lists/${id}`,
        list,
        { name: 'Renamed', lines: [] },
        ['admin', 'approver', 'buyer'],
        403,
      ],
      [
        'delete a list',
        'DELETE',
        (id) => `/api/company/lists/${id}`,
        list,
        undefined,
        ['admin', 'approver', 'buyer'],
        403,
      ],
      [
        'list to cart',
        'POST',
        (id) => `/api/company/lists/${id}/cart`,
        list,
        undefined,
        ['admin', 'approver', 'buyer'],
        403,
      ],
      [
        'reject a request',
        'POST',
        (id) => `/api/company/requests/${id}/reject`,
        request,
        { comment: 'No' },
        ['admin', 'approver'],
        403,
      ],
      ['remove a member', 'DELETE', (id) => `/api/company/members/${id}`, member, undefined, ['admin'], 403],
    ];
    for (const [what, method, url, fresh, body, allowed, refusal] of rows) {
      for (const role of roles) {
        const target = url(await fresh());
        if (allowed.includes(role)) {
          const res = await call(people[role], method, target, body);
          expect(res.statusCode, `${what} as ${role}: ${res.body}`).toBeLessThan(300);
        } else {
          await expectRefused(t.app, () => call(people[role], method, target, body), refusal);
        }
        // Another company's admin: the thing does not exist for them.
        await expectRefused(t.app, () => call(people.outsider, method, target, body), 404);
      }
    }
    // Withdrawing is the asking buyer's alone; for everyone else of the company the request is not theirs.
    const asked = await request();
    for (const role of roles)
      await expectRefused(
        t.app,
        () => call(people[role], 'POST', `/api/company/requests/${asked}/withdraw`),
        404,
      );
    expect(
      (await call(people.buyer2, 'POST', `/api/company/requests/${asked}/withdraw`)).json<OrderRequest>()
        .status,
    ).toBe('withdrawn');
    await call(people.admin, 'PATCH', `/api/company/members/${people.buyer2.id}`, { orderLimit: null });
    // 'List to cart' filled carts: empty them for the tests after.
    for (const role of roles) await call(people[role], 'DELETE', '/api/cart');
    // The shop's pages are the shop's: no company role reaches them.
    for (const role of roles) {
      await expectRefused(t.app, () => call(people[role], 'GET', '/api/companies'), 403);
      await expectRefused(
        t.app,
        () => call(people[role], 'PATCH', `/api/companies/${companyId}/terms`, { terms: null }),
        403,
      );
      await expectRefused(
        t.app,
        () =>
          call(people[role], 'POST', `/api/companies/${companyId}/orders`, {
            ...delivery,
            buyerId: people.buyer.id,
            lines: [{ productId: part.id, quantity: 1 }],
          }),
        403,
      );
    }
  });

  it('answers 404 for an id that is not one, as for an unknown one, changing nothing', async () => {
    for (const [user, method, url] of [
      [people.admin, 'PUT', '/api/company/addresses/not-an-id'],
      [people.admin, 'DELETE', '/api/company/invitations/1'],
      [people.approver, 'POST', '/api/company/requests/abc/approve'],
      [people.approver, 'POST', '/api/company/requests/abc/reject'],
      [people.buyer, 'POST', '/api/company/lists/x/cart'],
      [shop, 'GET', '/api/companies/nope'],
      [shop, 'POST', '/api/companyApplications/nope/approve'],
    ] as const) {
      // A valid body: the id is what is wrong.
      const body =
        method === 'PUT'
          ? { label: 'L', contact: 'C', phone: '+49 1234567', address: 'A' }
          : url.endsWith('/reject')
            ? { comment: 'No' }
            : {};
      const res = await expectRefused(t.app, () => call(user, method, url, body), 404);
      expect(res.json<{ code: string }>().code).toBe('NOT_FOUND');
    }
  });

  it('keeps the last company admin, and lets any member leave', async () => {
    const demote = await expectRefused(
      t.app,
      () => call(people.admin, 'PATCH', `/api/company/members/${people.admin.id}`, { role: 'buyer' }),
      409,
    );
    expect(demote.body).toContain('at least one company admin');
    await expectRefused(
      t.app,
      () => call(people.admin, 'DELETE', `/api/company/members/${people.admin.id}`),
      409,
    );
    await expectRefused(
      t.app,
      () => call(shop, 'DELETE', `/api/companies/${companyId}/members/${people.admin.id}`),
      409,
    );
    const leaver = await createUser(t.app);
    await join(leaver, 'buyer');
    expect((await call(leaver, 'DELETE', `/api/company/members/${leaver.id}`)).statusCode).toBe(204);
    expect((await call(leaver, 'GET', '/api/company')).json<MyCompany>().company).toBeNull();
  });

  it("ends a sentence once after a company name that ends with a full stop ('Co.', 'Inc.')", async () => {
    const founder = await createUser(t.app);
    await createCompany(t.app, shop, { name: 'Northwind Supply Co.', country: 'GB' }, [[founder, 'admin']]);
    const newcomer = await createUser(t.app);
    await call(founder, 'POST', '/api/company/invitations', { email: newcomer.email, role: 'buyer' });
    const token = await invitationToken(newcomer.email);
    const wrongPerson = await expectRefused(
      t.app,
      () => call(people.outsider, 'POST', `/api/companyInvitations/${token}/accept`),
      403,
    );
    expect(wrongPerson.json<{ message: string }>().message).toBe(
      `This invitation was sent to ${newcomer.email}: sign in with that address to join Northwind Supply Co.`,
    );
    const member = await expectRefused(
      t.app,
      () => call(founder, 'POST', '/api/company/invitations', { email: founder.email, role: 'buyer' }),
      409,
    );
    expect(member.json<{ message: string }>().message).toBe(
      `${founder.email} is already a member of Northwind Supply Co.`,
    );
  });

  it('uses an invitation once, for the invited address, before it expires; refuses a current member', async () => {
    const newcomer = await createUser(t.app);
    await call(people.admin, 'POST', '/api/company/invitations', { email: newcomer.email, role: 'buyer' });
    const token = await invitationToken(newcomer.email);
    const preview = await call(null, 'GET', `/api/companyInvitations/${token}`);
    expect(preview.json()).toMatchObject({
      companyName: 'Acme Pumps GmbH',
      role: 'buyer',
      email: newcomer.email,
    });
    // Someone else holding the link cannot use it.
    await expectRefused(
      t.app,
      () => call(people.outsider, 'POST', `/api/companyInvitations/${token}/accept`),
      403,
    );
    expect((await call(newcomer, 'POST', `/api/companyInvitations/${token}/accept`)).statusCode).toBe(200);
    await expectRefused(t.app, () => call(newcomer, 'POST', `/api/companyInvitations/${token}/accept`), 404);
    const again = await expectRefused(
      t.app,
      () => call(people.admin, 'POST', '/api/company/invitations', { email: newcomer.email, role: 'buyer' }),
      409,
    );
    expect(again.body).toContain('already a member');

    const late = await createUser(t.app);
    await call(people.admin, 'POST', '/api/company/invitations', { email: late.email, role: 'buyer' });
    const lateToken = await invitationToken(late.email);
    await t.app.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.email, late.email));
    await expectRefused(t.app, () => call(late, 'POST', `/api/companyInvitations/${lateToken}/accept`), 410);
    // A re-send draws a new link: the new one works, the old one is gone.
    const [invitation] = await t.app.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.email, late.email));
    expect(
      (await call(people.admin, 'POST', `/api/company/invitations/${invitation?.id}/resend`)).statusCode,
    ).toBe(200);
    const fresh = await invitationToken(late.email);
    expect(fresh).not.toBe(lateToken);
    await expectRefused(t.app, () => call(late, 'POST', `/api/companyInvitations/${lateToken}/accept`), 404);
    // Revoked: the link is dead.
    expect(
      (await call(people.admin, 'DELETE', `/api/company/invitations/${invitation?.id}`)).statusCode,
    ).toBe(204);
    await expectRefused(t.app, () => call(late, 'POST', `/api/companyInvitations/${fresh}/accept`), 404);
  });

  it('sends an order over the buyer limit for approval, holds nothing, and places it once when approved', async () => {
    const part = await makeProduct(t.app, {
      name: 'Approval valve',
      priceCents: 5000,
      availableQuantity: 100,
    });
    expect(
      (await call(people.admin, 'PATCH', `/api/company/members/${people.buyer.id}`, { orderLimit: 100 }))
        .statusCode,
    ).toBe(200);
    await fillCart(people.buyer, [{ productId: part.id, quantity: 3 }]);
    const asked = await call(people.buyer, 'POST', '/api/checkout', {
      ...delivery,
      paymentMethod: 'invoice',
      poReference: 'PO-77',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { request } = asked.json<ApprovalNeeded>();
    expect(request).toMatchObject({
      status: 'pending',
      total: 150,
      reason: 'Over the per-order limit of $100.00.',
    });
    expect(await stockOf(t.app, part.id)).toBe(100);
    expect((await call(people.buyer, 'GET', '/api/cart')).json<{ lines: unknown[] }>().lines).toHaveLength(0);
    // The other buyer does not see it; approvers do; the buyer cannot approve it.
    const seenByOther = (await call(people.buyer2, 'GET', '/api/company/requests')).json<OrderRequest[]>();
    expect(seenByOther.map((r) => r.id)).not.toContain(request.id);
    expect(
      (await call(people.approver, 'GET', '/api/company/requests?status=pending'))
        .json<OrderRequest[]>()
        .map((r) => r.id),
    ).toContain(request.id);
    await expectRefused(
      t.app,
      () => call(people.buyer, 'POST', `/api/company/requests/${request.id}/approve`),
      403,
    );
    await expectRefused(
      t.app,
      () => call(people.outsider, 'POST', `/api/company/requests/${request.id}/approve`),
      404,
    );

    // Two approvers at once: one places it, the other is told it was approved.
    const [first, second] = await Promise.all([
      call(people.approver, 'POST', `/api/company/requests/${request.id}/approve`, { comment: 'ok' }),
      call(people.approver2, 'POST', `/api/company/requests/${request.id}/approve`, {}),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const approved = (first.statusCode === 200 ? first : second).json<ApprovalResult>();
    expect(approved.request.status).toBe('approved');
    expect(approved.checkout.total).toBe(150);
    expect(await stockOf(t.app, part.id)).toBe(97);
    const placed = await t.app.db.select().from(orders).where(eq(orders.productId, part.id));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ userId: people.buyer.id, companyId, dueAt: expect.any(Date) });

    // The approver reads it; finance reads it and its invoice; the other buyer and another company do not.
    const orderId = placed[0]?.id ?? '';
    for (const reader of [people.approver, people.finance, people.admin])
      expect((await call(reader, 'GET', `/api/order/${orderId}`)).statusCode).toBe(200);
    for (const stranger of [people.buyer2, people.outsider])
      expect((await call(stranger, 'GET', `/api/order/${orderId}`)).statusCode).toBe(404);
    const invoices = (await call(people.finance, 'GET', '/api/myInvoices')).json<
      { _id: string; total: number }[]
    >();
    expect(invoices.some((invoice) => invoice.total === 150)).toBe(true);
    expect((await call(people.outsider, 'GET', '/api/myInvoices')).json<unknown[]>()).toHaveLength(0);

    // A rejection needs a reason and tells the buyer; an approver's own over-limit request needs another.
    await fillCart(people.buyer, [{ productId: part.id, quantity: 3 }]);
    const again = (await call(people.buyer, 'POST', '/api/checkout', delivery)).json<ApprovalNeeded>()
      .request;
    await expectRefused(
      t.app,
      () => call(people.approver, 'POST', `/api/company/requests/${again.id}/reject`, {}),
      400,
    );
    const rejected = await call(people.approver, 'POST', `/api/company/requests/${again.id}/reject`, {
      comment: 'Too many',
    });
    expect(rejected.json<OrderRequest>()).toMatchObject({ status: 'rejected', comment: 'Too many' });
    await call(people.admin, 'PATCH', `/api/company/members/${people.approver.id}`, { orderLimit: 10 });
    await fillCart(people.approver, [{ productId: part.id, quantity: 1 }]);
    const own = (await call(people.approver, 'POST', '/api/checkout', delivery)).json<ApprovalNeeded>()
      .request;
    const refused = await expectRefused(
      t.app,
      () => call(people.approver, 'POST', `/api/company/requests/${own.id}/approve`),
      403,
    );
    expect(refused.body).toContain('your own');
    expect((await call(people.approver2, 'POST', `/api/company/requests/${own.id}/approve`)).statusCode).toBe(
      200,
    );
  });

  it("holds a member to the same rules on the spec's one-part order form: finance refused, a limit kept, the order the company's", async () => {
    const part = await makeProduct(t.app, {
      name: 'Form-ordered pin',
      priceCents: 4000,
      availableQuantity: 100,
    });
    const form = (user: TestUser, quantity: number) =>
      call(user, 'POST', '/api/order', { productId: part.id, buyQuantity: quantity, ...delivery });
    await expectRefused(t.app, () => form(people.finance, 1), 403);
    await call(people.admin, 'PATCH', `/api/company/members/${people.buyer2.id}`, { orderLimit: 100 });
    const over = await expectRefused(t.app, () => form(people.buyer2, 3), 409);
    expect(over.json()).toMatchObject({ code: 'OVER_SPENDING_LIMIT' });
    expect(over.json<{ message: string }>().message).toContain('Over the per-order limit of $100.00.');
    expect(await stockOf(t.app, part.id)).toBe(100);
    const within = await form(people.buyer2, 2);
    expect(within.statusCode, within.body).toBe(201);
    const [row] = await t.app.db
      .select()
      .from(orders)
      .where(eq(orders.id, within.json<{ insertedId: string }>().insertedId));
    expect(row?.companyId).toBe(companyId);
    await call(people.admin, 'PATCH', `/api/company/members/${people.buyer2.id}`, { orderLimit: null });
  });

  it('counts the credit line across buyers, and a monthly limit across checkouts, when they race', async () => {
    await call(people.admin, 'PATCH', `/api/company/members/${people.buyer.id}`, {
      orderLimit: null,
      monthlyLimit: null,
    });
    const a = await makeProduct(t.app, { name: 'Race flange', priceCents: 10_000, availableQuantity: 100 });
    const used = (await call(people.buyer, 'GET', '/api/company')).json<MyCompany>().company?.terms.used ?? 0;
    // What is left of $1,000, in two checkouts that each fit but together do not.
    const pieces = Math.floor((1000 - used) / 100 / 2) + 1;
    await fillCart(people.buyer, [{ productId: a.id, quantity: pieces }]);
    await fillCart(people.buyer2, [{ productId: a.id, quantity: pieces }]);
    const body = { ...delivery, paymentMethod: 'invoice', poReference: 'PO-RACE' };
    const results = await Promise.all([
      call(people.buyer, 'POST', '/api/checkout', body),
      call(people.buyer2, 'POST', '/api/checkout', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)?.body).toContain('credit limit');
    const company = (await call(people.finance, 'GET', '/api/company')).json<MyCompany>().company;
    expect(company?.terms.used).toBeLessThanOrEqual(1000);

    // One buyer, monthly limit: two checkouts of parts of the cart at once; the second waits for approval.
    await call(people.buyer2, 'DELETE', '/api/cart');
    const spent =
      (await call(people.buyer2, 'GET', '/api/company')).json<MyCompany>().member?.spentThisMonth ?? 0;
    await call(people.admin, 'PATCH', `/api/company/members/${people.buyer2.id}`, {
      monthlyLimit: spent + 100,
    });
    const b = await makeProduct(t.app, { name: 'Race gasket', priceCents: 1000, availableQuantity: 100 });
    const c = await makeProduct(t.app, { name: 'Race seal', priceCents: 1000, availableQuantity: 100 });
    await fillCart(people.buyer2, [
      { productId: b.id, quantity: 6 },
      { productId: c.id, quantity: 6 },
    ]);
    const split = await Promise.all(
      [b, c].map((p) =>
        call(people.buyer2, 'POST', '/api/checkout', {
          ...delivery,
          lines: [{ productId: p.id, quantity: 6 }],
        }),
      ),
    );
    expect(split.map((r) => r.statusCode).sort()).toEqual([201, 202]);
    expect(split.find((r) => r.statusCode === 202)?.json<ApprovalNeeded>().request.reason).toContain(
      'monthly limit',
    );
  });

  it("shares a buyer's quote with those who read the company's orders, and lets only the asker act on it", async () => {
    const part = await makeProduct(t.app, { name: 'Quoted shaft', priceCents: 900, availableQuantity: 500 });
    const asked = await call(people.buyer, 'POST', '/api/quotes', {
      lines: [{ productId: part.id, quantity: 100 }],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { _id: quoteId } = asked.json<{ _id: string }>();
    for (const reader of [people.approver, people.finance, people.admin]) {
      expect((await call(reader, 'GET', `/api/quotes/${quoteId}`)).statusCode).toBe(200);
      expect(
        (await call(reader, 'GET', '/api/myQuotes')).json<{ _id: string }[]>().map((q) => q._id),
      ).toContain(quoteId);
    }
    for (const stranger of [people.buyer2, people.outsider])
      expect((await call(stranger, 'GET', `/api/quotes/${quoteId}`)).statusCode).toBe(404);
    // Reading is not speaking for the buyer: a colleague's message or decline does not exist for them.
    await expectRefused(
      t.app,
      () => call(people.approver, 'POST', `/api/quotes/${quoteId}/decline`, {}),
      404,
    );
  });

  it("lets the shop's admin order for a buyer, recorded on the order and in the audit log", async () => {
    const part = await makeProduct(t.app, {
      name: 'Phone order pin',
      priceCents: 200,
      availableQuantity: 50,
    });
    await expectRefused(
      t.app,
      () =>
        call(shop, 'POST', `/api/companies/${companyId}/orders`, {
          ...delivery,
          buyerId: people.outsider.id,
          lines: [{ productId: part.id, quantity: 2 }],
        }),
      404,
    );
    const res = await call(shop, 'POST', `/api/companies/${companyId}/orders`, {
      ...delivery,
      buyerId: people.buyer2.id,
      lines: [{ productId: part.id, quantity: 2 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const checkout = res.json<Checkout>();
    const mine = (await call(people.buyer2, 'GET', `/api/checkouts/${checkout._id}`)).json<Checkout>();
    expect(mine.total).toBe(4);
    const audit = await call(shop, 'GET', '/api/audit?action=order.placed_on_behalf');
    expect(audit.body).toContain(people.buyer2.email);
  });

  it('turns an application into a company the applicant runs, once', async () => {
    const applicant = await createUser(t.app, { name: 'Nora Newco' });
    const applied = await call(applicant, 'POST', '/api/companyApplications', {
      companyName: 'Newco BV',
      taxId: 'NL 0044.95.445.B01',
      billingAddress: 'Kade 1, Rotterdam',
      country: 'NL',
      note: 'We buy 2,000 bearings a month',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    await expectRefused(
      t.app,
      () =>
        call(applicant, 'POST', '/api/companyApplications', {
          companyName: 'Again',
          billingAddress: 'x',
          country: 'NL',
        }),
      409,
    );
    const { id } = applied.json<{ id: string }>();
    await expectRefused(t.app, () => call(applicant, 'POST', `/api/companyApplications/${id}/approve`), 403);
    expect((await call(shop, 'POST', `/api/companyApplications/${id}/approve`)).statusCode).toBe(200);
    await expectRefused(t.app, () => call(shop, 'POST', `/api/companyApplications/${id}/approve`), 409);
    const mine = (await call(applicant, 'GET', '/api/company')).json<MyCompany>();
    expect(mine.company).toMatchObject({ name: 'Newco BV', taxId: 'NL004495445B01' });
    expect(mine.member?.role).toBe('admin');
  });
});
