import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '@forgeline/shared/schemas/company';
import type { TaxExemption, TaxRateDto } from '@forgeline/shared/schemas/tax';
import { auditLog, companies, invoices, outboxMessages } from '../src/db/schema/index.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCompany } from './support/companies.ts';
import { expectRefused, requestAs, type Method } from './support/cast.ts';
import { makeProduct, orderBody, payOrder } from './support/data.ts';

/** A multipart body: the text fields, then one file part. */
function multipart(
  fields: Record<string, string>,
  file: { bytes: Buffer; name: string; type: string } | null,
) {
  const boundary = `----forgeline${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
const DAY_MS = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/**
 * The shop's side of tax (decision 0231): rates, a company's country and VAT ID verification, exemption
 * certificates and the tax report, on a seller registered in Germany.
 */
describe('tax admin: rates, VAT IDs, certificates and the report', () => {
  let t: TestApp;
  let shop: TestUser;
  let customer: TestUser;
  const acme: Record<'admin' | 'buyer' | 'finance', TestUser> = {} as never;
  let otherAdmin: TestUser;
  let acmeId: string;
  let otherId: string;

  const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
    requestAs(t.app, user, method, url, payload);
  const upload = (
    user: TestUser | null,
    fields: Record<string, string>,
    file = { bytes: PDF, name: 'cert.pdf', type: 'application/pdf' } as {
      bytes: Buffer;
      name: string;
      type: string;
    } | null,
  ) => {
    const body = multipart(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/company/taxExemptions',
      headers: { ...(user?.headers ?? {}), ...body.headers },
      payload: body.payload,
    });
  };

  const makeCompany = (name: string, country: string, members: [TestUser, string][]) =>
    createCompany(t.app, shop, { name, country }, members);

  beforeAll(async () => {
    t = await buildTestApp({ env: { SELLER_COUNTRY: 'DE' } });
    shop = await createUser(t.app, { admin: true });
    customer = await createUser(t.app);
    acme.admin = await createUser(t.app, { name: 'Ada Admin' });
    acme.buyer = await createUser(t.app, { name: 'Ben Buyer' });
    acme.finance = await createUser(t.app, { name: 'Fay Finance' });
    otherAdmin = await createUser(t.app, { name: 'Otto Other' });
    acmeId = await makeCompany('Acme Pumps GmbH', 'DE', [
      [acme.admin, 'admin'],
      [acme.buyer, 'buyer'],
      [acme.finance, 'finance'],
    ]);
    otherId = await makeCompany('Other Works SARL', 'FR', [[otherAdmin, 'admin']]);
  });
  afterAll(async () => t.close());

  describe('who may call what', () => {
    const shopEndpoints: [Method, string][] = [
      ['GET', '/api/tax/rates'],
      ['POST', '/api/tax/rates'],
      ['PATCH', '/api/tax/rates/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/tax/rates/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/companies/00000000-0000-4000-8000-000000000000/taxId/verification'],
      ['DELETE', '/api/companies/00000000-0000-4000-8000-000000000000/taxId/verification'],
      ['GET', '/api/tax/exemptions'],
      ['GET', '/api/tax/exemptions/00000000-0000-4000-8000-000000000000/file'],
      ['POST', '/api/tax/exemptions/00000000-0000-4000-8000-000000000000/approve'],
      ['POST', '/api/tax/exemptions/00000000-0000-4000-8000-000000000000/reject'],
      ['GET', '/api/tax/report.csv?from=2026-01-01&to=2026-12-31'],
    ];
    it.each(shopEndpoints)(
      '%s %s: visitor 401, customers and company roles 403, admin passes the guard',
      async (method, url) => {
        await expectRefused(t.app, () => call(null, method, url, method === 'GET' ? undefined : {}), 401);
        for (const user of [customer, acme.admin, acme.buyer, acme.finance])
          await expectRefused(t.app, () => call(user, method, url, method === 'GET' ? undefined : {}), 403);
        const res = await call(shop, method, url, method === 'GET' ? undefined : {});
        expect([200, 400, 404]).toContain(res.statusCode);
      },
    );

    it("the company's certificates: visitor 401, no company 404, buyer may read but not upload", async () => {
      await expectRefused(t.app, () => call(null, 'GET', '/api/company/taxExemptions'), 401);
      await expectRefused(t.app, () => upload(null, { certificateNumber: 'X', expiresOn: day(30) }), 401);
      await expectRefused(t.app, () => call(customer, 'GET', '/api/company/taxExemptions'), 404);
      await expectRefused(t.app, () => upload(customer, { certificateNumber: 'X', expiresOn: day(30) }), 404);
      expect((await call(acme.buyer, 'GET', '/api/company/taxExemptions')).statusCode).toBe(200);
      const refused = await expectRefused(
        t.app,
        () => upload(acme.buyer, { certificateNumber: 'X', expiresOn: day(30) }),
        403,
      );
      expect(refused.json().message).toMatch(/company admin or a finance member/);
    });
  });

  describe('rates', () => {
    const standard = {
      country: 'de',
      category: 'standard',
      rate: 19,
      name: 'MwSt.',
      validFrom: '2020-01-01',
    };
    let standardId: string;

    it('adds a rate (percent in, basis points kept), lists it and audits it', async () => {
      const res = await call(shop, 'POST', '/api/tax/rates', standard);
      expect(res.statusCode, res.body).toBe(201);
      const rate = res.json<TaxRateDto>();
      expect(rate).toMatchObject({
        country: 'DE',
        region: null,
        category: 'standard',
        rate: 19,
        validTo: null,
      });
      standardId = rate.id;
      const listed = await call(shop, 'GET', '/api/tax/rates');
      expect(listed.json<TaxRateDto[]>().map((r) => r.id)).toContain(standardId);
      const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, standardId));
      expect(audit?.action).toBe('tax_rate.created');
      const reduced = await call(shop, 'POST', '/api/tax/rates', {
        ...standard,
        category: 'reduced',
        rate: 7,
        name: 'MwSt. ermäßigt',
      });
      expect(reduced.statusCode, reduced.body).toBe(201);
    });

    it.each([
      [{ ...standard, country: undefined }, /Country is required/],
      [{ ...standard, country: 'XX' }, /not a country code we know/],
      [{ ...standard, country: 'DEU' }, /two-letter/],
      [{ ...standard, region: 'ILLI' }, /1 to 3 letters/],
      [{ ...standard, category: 'exempt' }, /standard' or 'reduced/],
      [{ ...standard, rate: 19.125 }, /at most 2 decimals/],
      [{ ...standard, rate: 101 }, /100 % or less/],
      [{ ...standard, rate: -1 }, /0 % or more/],
      [{ ...standard, name: '' }, /Name is required/],
      [{ ...standard, validFrom: undefined }, /Valid from is required/],
      [{ ...standard, validFrom: '2026-02-30' }, /YYYY-MM-DD/],
      [{ ...standard, validFrom: '2027-01-01', validTo: '2026-12-31' }, /on or after valid from/],
    ])('refuses %j with a message and changes nothing', async (body, message) => {
      const res = await expectRefused(t.app, () => call(shop, 'POST', '/api/tax/rates', body), 400);
      expect(JSON.stringify(res.json())).toMatch(message);
    });

    it('refuses an overlap of the same place and category, naming the other rate', async () => {
      const res = await expectRefused(
        t.app,
        () =>
          call(shop, 'POST', '/api/tax/rates', {
            ...standard,
            rate: 16,
            validFrom: '2026-07-01',
            validTo: '2026-12-31',
          }),
        409,
      );
      expect(res.json()).toMatchObject({ code: 'TAX_RATE_OVERLAP' });
      expect(res.json().message).toMatch(/'MwSt\.' of Germany \(DE\) \(19 %\) is valid from 2020-01-01 on/);
      // Another region, or the same place after the end of the first rate, is no overlap.
      const regional = await call(shop, 'POST', '/api/tax/rates', { ...standard, region: 'BY', rate: 18 });
      expect(regional.statusCode, regional.body).toBe(201);
      await expectRefused(
        t.app,
        () => call(shop, 'PATCH', `/api/tax/rates/${regional.json<TaxRateDto>().id}`, { region: null }),
        409,
      );
      expect(
        (await call(shop, 'DELETE', `/api/tax/rates/${regional.json<TaxRateDto>().id}`)).statusCode,
      ).toBe(204);
    });

    it('of two overlapping rates added at once, one is saved and the other refused', async () => {
      const body = { country: 'AT', category: 'standard', rate: 20, name: 'USt.', validFrom: '2021-01-01' };
      const answers = await Promise.all([
        call(shop, 'POST', '/api/tax/rates', body),
        call(shop, 'POST', '/api/tax/rates', { ...body, validFrom: '2022-01-01', rate: 21 }),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      const rates = (await call(shop, 'GET', '/api/tax/rates')).json<TaxRateDto[]>();
      expect(rates.filter((rate) => rate.country === 'AT')).toHaveLength(1);
    });

    it('changes a rate (ending it lets a new one follow) and deletes one', async () => {
      const ended = await call(shop, 'PATCH', `/api/tax/rates/${standardId}`, { validTo: '2026-12-31' });
      expect(ended.statusCode, ended.body).toBe(200);
      await expectRefused(
        t.app,
        () => call(shop, 'PATCH', `/api/tax/rates/${standardId}`, { validTo: '2019-12-31' }),
        400,
      );
      const next = await call(shop, 'POST', '/api/tax/rates', {
        ...standard,
        rate: 20,
        validFrom: '2027-01-01',
      });
      expect(next.statusCode, next.body).toBe(201);
      expect((await call(shop, 'DELETE', `/api/tax/rates/${next.json<TaxRateDto>().id}`)).statusCode).toBe(
        204,
      );
      await expectRefused(
        t.app,
        () => call(shop, 'DELETE', `/api/tax/rates/${next.json<TaxRateDto>().id}`),
        404,
      );
      expect((await call(shop, 'PATCH', `/api/tax/rates/${standardId}`, { validTo: null })).statusCode).toBe(
        200,
      );
    });
  });

  describe("a company's country and VAT ID", () => {
    it('asks a new company and an application for a country; a US company names its state', async () => {
      await expectRefused(
        t.app,
        () => call(shop, 'POST', '/api/companies', { name: 'No Country', billingAddress: 'x' }),
        400,
      );
      const us = await expectRefused(
        t.app,
        () => call(shop, 'POST', '/api/companies', { name: 'Yankee', billingAddress: 'x', country: 'US' }),
        400,
      );
      expect(us.json().message).toMatch(/names its state/);
      const applicant = await createUser(t.app);
      await expectRefused(
        t.app,
        () => call(applicant, 'POST', '/api/companyApplications', { companyName: 'A', billingAddress: 'x' }),
        400,
      );
      const applied = await call(applicant, 'POST', '/api/companyApplications', {
        companyName: 'Applied Ltd',
        billingAddress: '2 Mill Lane',
        country: 'US',
        region: 'in',
      });
      expect(applied.statusCode, applied.body).toBe(201);
      expect(applied.json()).toMatchObject({ country: 'US', region: 'IN' });
    });

    it("refuses an EU VAT ID of another state's prefix", async () => {
      const res = await expectRefused(
        t.app,
        () => call(acme.admin, 'PATCH', '/api/company', { taxId: 'FR40303265045' }),
        400,
      );
      expect(res.json().message).toBe('A VAT ID of a company in DE starts with DE: this one starts with FR.');
      const greek = await expectRefused(
        t.app,
        () =>
          call(shop, 'POST', '/api/companies', {
            name: 'Hellas',
            billingAddress: 'x',
            country: 'GR',
            taxId: 'FR40303265045',
          }),
        400,
      );
      expect(greek.json().message).toMatch(/starts with EL/);
    });

    it('verifies a VAT ID; a new ID or country clears it in the same update', async () => {
      await expectRefused(
        t.app,
        () => call(shop, 'POST', `/api/companies/${acmeId}/taxId/verification`),
        400,
      );
      expect((await call(acme.admin, 'PATCH', '/api/company', { taxId: 'DE 136 695 976' })).statusCode).toBe(
        200,
      );
      const verified = await call(shop, 'POST', `/api/companies/${acmeId}/taxId/verification`);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toMatchObject({ taxId: 'DE136695976', taxIdVerifiedBy: shop.email });
      const mine = (await call(acme.buyer, 'GET', '/api/company')).json<{ company: Company }>().company;
      expect(mine.taxIdVerifiedAt).not.toBeNull();

      // Saving the same ID again keeps the verification; another field changes nothing either.
      await call(acme.admin, 'PATCH', '/api/company', { taxId: 'DE136695976', name: 'Acme Pumps GmbH' });
      const [kept] = await t.app.db.select().from(companies).where(eq(companies.id, acmeId));
      expect(kept?.taxIdVerifiedAt).not.toBeNull();

      // The country changes: the verification goes (and the DE VAT ID no longer fits AT: refused first).
      await expectRefused(
        t.app,
        () => call(shop, 'PATCH', `/api/companies/${acmeId}`, { country: 'AT' }),
        400,
      );
      const moved = await call(shop, 'PATCH', `/api/companies/${acmeId}`, {
        country: 'AT',
        taxId: 'ATU13585627',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<Company>()).toMatchObject({
        country: 'AT',
        taxIdVerifiedAt: null,
        taxIdVerifiedBy: null,
      });

      // The company cannot move itself (its country decides its tax: abroad would be zero-rated).
      await expectRefused(
        t.app,
        () => call(acme.admin, 'PATCH', '/api/company', { country: 'US', region: 'NY' }),
        400,
      );
      // Verified again, then the shop moves it back with a new ID: cleared.
      expect((await call(shop, 'POST', `/api/companies/${acmeId}/taxId/verification`)).statusCode).toBe(200);
      const retyped = await call(shop, 'PATCH', `/api/companies/${acmeId}`, {
        country: 'DE',
        taxId: 'DE136695976',
      });
      expect(retyped.json<Company>().taxIdVerifiedAt).toBeNull();

      // Withdrawn by the shop.
      expect((await call(shop, 'POST', `/api/companies/${acmeId}/taxId/verification`)).statusCode).toBe(200);
      const withdrawn = await call(shop, 'DELETE', `/api/companies/${acmeId}/taxId/verification`);
      expect(withdrawn.json()).toMatchObject({ taxIdVerifiedAt: null });
      await expectRefused(
        t.app,
        () => call(shop, 'POST', '/api/companies/00000000-0000-4000-8000-000000000000/taxId/verification'),
        404,
      );
    });
  });

  describe('exemption certificates', () => {
    let certificateId: string;

    it('refuses a disguised file, an expired date and a missing file, keeping nothing', async () => {
      const disguised = await expectRefused(
        t.app,
        () =>
          upload(
            acme.finance,
            { certificateNumber: 'RS-1', expiresOn: day(100) },
            { bytes: HTML, name: 'cert.pdf', type: 'application/pdf' },
          ),
        400,
      );
      expect(disguised.json().message).toMatch(/PDF, PNG or JPEG/);
      const expired = await expectRefused(
        t.app,
        () => upload(acme.finance, { certificateNumber: 'RS-1', expiresOn: day(-1) }),
        400,
      );
      expect(expired.json().message).toBe(
        `This certificate expired on ${day(-1)}: upload one that is still valid.`,
      );
      await expectRefused(
        t.app,
        () => upload(acme.finance, { certificateNumber: 'RS-1', expiresOn: day(100) }, null),
        400,
      );
      await expectRefused(t.app, () => upload(acme.finance, { expiresOn: day(100) }), 400);
      await expectRefused(
        t.app,
        () =>
          upload(
            acme.finance,
            { certificateNumber: 'RS-1', expiresOn: day(100) },
            { bytes: Buffer.alloc(5 * 1024 * 1024 + 10, 0x25), name: 'big.pdf', type: 'application/pdf' },
          ),
        413,
      );
    });

    it('a finance member uploads; the shop downloads it with safe headers; another company sees 404', async () => {
      const res = await upload(
        acme.finance,
        { certificateNumber: 'RS-2026-1', region: 'by', expiresOn: day(365) },
        { bytes: PDF, name: '../../etc/"x".pdf', type: 'text/html' },
      );
      expect(res.statusCode, res.body).toBe(201);
      const certificate = res.json<TaxExemption>();
      expect(certificate).toMatchObject({
        status: 'pending',
        region: 'BY',
        contentType: 'application/pdf',
        uploadedBy: acme.finance.email,
      });
      expect(certificate.fileName).not.toMatch(/[/"]/);
      certificateId = certificate.id;

      const file = await call(shop, 'GET', `/api/tax/exemptions/${certificateId}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(PDF)).toBe(true);

      expect(
        (await call(acme.buyer, 'GET', `/api/company/taxExemptions/${certificateId}/file`)).statusCode,
      ).toBe(200);
      await expectRefused(
        t.app,
        () => call(otherAdmin, 'GET', `/api/company/taxExemptions/${certificateId}/file`),
        404,
      );
      expect((await call(otherAdmin, 'GET', '/api/company/taxExemptions')).json()).toEqual([]);

      const pending = (await call(shop, 'GET', '/api/tax/exemptions')).json<TaxExemption[]>();
      expect(pending.map((c) => c.id)).toEqual([certificateId]);
      const ofOther = (await call(shop, 'GET', `/api/tax/exemptions?companyId=${otherId}&status=all`)).json<
        TaxExemption[]
      >();
      expect(ofOther).toEqual([]);
    });

    it('approves (the company admin is mailed; the engine now exempts) or rejects with a reason', async () => {
      const approved = await call(shop, 'POST', `/api/tax/exemptions/${certificateId}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'approved', reviewedBy: shop.email });
      await expectRefused(
        t.app,
        () => call(shop, 'POST', `/api/tax/exemptions/${certificateId}/approve`),
        409,
      );
      const mails = await t.app.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.toAddress, acme.admin.email));
      expect(mails.map((mail) => mail.subject)).toContain('Tax exemption approved: certificate RS-2026-1');

      const second = await upload(
        acme.admin,
        { certificateNumber: 'RS-BAD', expiresOn: day(10) },
        { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), name: 'scan.jpg', type: 'image/jpeg' },
      );
      expect(second.statusCode, second.body).toBe(201);
      const id = second.json<TaxExemption>().id;
      await expectRefused(
        t.app,
        () => call(shop, 'POST', `/api/tax/exemptions/${id}/reject`, { reason: '' }),
        400,
      );
      const rejected = await call(shop, 'POST', `/api/tax/exemptions/${id}/reject`, {
        reason: 'The scan is unreadable',
      });
      expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'The scan is unreadable' });
      const listed = (await call(acme.buyer, 'GET', '/api/company/taxExemptions')).json<TaxExemption[]>();
      expect(listed.map((c) => c.status).sort()).toEqual(['approved', 'rejected']);
    });
  });

  describe('the tax report', () => {
    it('refuses bad dates', async () => {
      await expectRefused(
        t.app,
        () => call(shop, 'GET', '/api/tax/report.csv?from=2026-13-01&to=2026-12-31'),
        400,
      );
      await expectRefused(
        t.app,
        () => call(shop, 'GET', '/api/tax/report.csv?from=2026-12-31&to=2026-01-01'),
        400,
      );
      await expectRefused(t.app, () => call(shop, 'GET', '/api/tax/report.csv?from=2026-01-01'), 400);
    });

    it('sums invoices less credit notes per country, rate and treatment', async () => {
      const person = await createUser(t.app);
      const standardPart = await makeProduct(t.app, { priceCents: 1000 });
      const reducedPart = await makeProduct(t.app, { priceCents: 200 });
      await t.app.inject({
        method: 'PUT',
        url: `/api/product/${reducedPart.id}`,
        headers: shop.headers,
        payload: {
          name: reducedPart.name,
          price: 2,
          minOrder: 1,
          availableQuantiity: 100,
          description: 'A reduced-rate part.',
          img: '/uploads/test.webp',
          taxCategory: 'reduced',
        },
      });
      const place = async (user: TestUser, productId: string, quantity: number) => {
        const res = await call(user, 'POST', '/api/order', orderBody(productId, quantity));
        expect(res.statusCode, res.body).toBe(201);
        const id = res.json<{ insertedId: string }>().insertedId;
        await payOrder(t.app, user, id);
        return id;
      };
      // A private buyer (taxed where the seller is, DE): 3 × 10.00 at 19 %, 5 × 2.00 at 7 %.
      await place(person, standardPart.id, 3);
      await place(person, reducedPart.id, 5);
      // A French company with a verified VAT ID: reverse charge, no tax.
      const frenchBuyer = await createUser(t.app);
      await call(shop, 'POST', `/api/companies/${otherId}/members`, {
        email: frenchBuyer.email,
        role: 'buyer',
      });
      await call(shop, 'PATCH', `/api/companies/${otherId}`, { taxId: 'FR40303265045' });
      await call(shop, 'POST', `/api/companies/${otherId}/taxId/verification`);
      await place(frenchBuyer, standardPart.id, 2);
      // One more private order, refunded: its credit note takes it back out.
      const refunded = await place(person, standardPart.id, 1);
      const cancelled = await call(shop, 'DELETE', `/api/myOrder/${refunded}`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);

      const documents = await t.app.db.select().from(invoices);
      expect(documents.filter((d) => d.kind === 'credit_note')).toHaveLength(1);

      const today = day(0);
      const res = await call(shop, 'GET', `/api/tax/report.csv?from=${today}&to=${today}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('Country,Rate (%),Treatment,Net,Tax,Gross,Invoices,Credit notes,From,To');
      expect(lines.slice(1)).toEqual([
        `DE,7.00,Tax,10.00,0.70,10.70,1,0,${today},${today}`,
        `DE,19.00,Tax,30.00,5.70,35.70,2,1,${today},${today}`,
        `FR,0.00,Reverse charge (0 %),20.00,0.00,20.00,1,0,${today},${today}`,
      ]);
      const before = await call(shop, 'GET', '/api/tax/report.csv?from=2020-01-01&to=2020-12-31');
      expect(
        before.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n'),
      ).toHaveLength(1);
    });
  });
});
