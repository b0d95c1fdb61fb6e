import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@forgeline/shared/constants';
import type { PartDocument } from '@forgeline/shared/schemas/documents';
import type { ProductRow } from '../src/db/schema/index.ts';
import type { TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, expectRefused, requestAs } from './support/cast.ts';
import { makeProduct } from './support/data.ts';

let t: TestApp;
let customer: TestUser;
let admin: TestUser;
let part: ProductRow;

beforeAll(async () => {
  t = await buildTestApp();
  ({ customerA: customer, admin } = await createCast(t.app));
  part = await makeProduct(t.app, { name: 'Flanged bearing', sku: 'FL-DOC-FLANGE' });
});
afterAll(() => t.close());

const STEP = Buffer.from(
  "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('bearing'),'2;1');\nENDSEC;\nEND-ISO-10303-21;\n",
);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const IGES = Buffer.from(`${'Flanged bearing model'.padEnd(72)}S      1\n`);
const DXF = Buffer.from('0\nSECTION\n2\nHEADER\n0\nENDSEC\n0\nEOF\n');

/** A multipart body: the text fields, then the file as `file`. */
function multipart(fields: Record<string, string>, file: Buffer, filename: string) {
  const boundary = `----forgeline${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (
  user: TestUser | null,
  fields: Record<string, string>,
  file: Buffer,
  filename: string,
  productId = part.id,
) => {
  const body = multipart(fields, file, filename);
  return t.app.inject({
    method: 'POST',
    url: `/api/product/${productId}/documents`,
    headers: { ...(user?.headers ?? {}), ...body.headers },
    payload: body.payload,
  });
};

const stored = () => readdirSync(path.join(t.dataDir, 'documents')).sort();

describe("a part's documents", () => {
  const added: Record<string, PartDocument> = {};

  it.each([
    ['cad', 'public', STEP, 'bearing model.step', 'model/step'],
    ['cad', 'public', IGES, 'flange.IGS', 'model/iges'],
    ['datasheet', 'customers', PDF, 'datasheet 6204.pdf', 'application/pdf'],
    ['certificate', 'public', PDF, '../../etc/3.1 <cert>.pdf', 'application/pdf'],
    ['other', 'public', DXF, 'outline.dxf', 'image/vnd.dxf'],
  ] as const)(
    'attaches a %s file (%s): type from the content, name cleaned',
    async (kind, visibility, bytes, name, type) => {
      const res = await upload(admin, { kind, visibility }, bytes, name);
      expect(res.statusCode, res.body).toBe(201);
      const document = res.json<PartDocument>();
      expect(document).toMatchObject({
        kind,
        visibility,
        contentType: type,
        size: bytes.length,
        productId: part.id,
      });
      expect(document.fileName).not.toMatch(/[/\\"]/);
      added[`${kind}-${name}`] = document;
    },
  );

  it('keeps the file out of the public uploads folder, under a name the server chose', () => {
    expect(stored()).toHaveLength(5);
    expect(stored().every((name) => /^[0-9a-f-]{36}\.(step|igs|pdf|dxf)$/.test(name))).toBe(true);
    expect(added['certificate-../../etc/3.1 <cert>.pdf']?.fileName).toBe('3.1 _cert_.pdf');
  });

  it('lists them for anyone, each with kind, size, visibility and download address', async () => {
    const res = await requestAs(t.app, null, 'GET', `/api/product/${part.id}/documents`);
    expect(res.statusCode).toBe(200);
    const list = res.json<PartDocument[]>();
    expect(list.map((d) => [d.kind, d.visibility])).toEqual([
      ['cad', 'public'],
      ['cad', 'public'],
      ['datasheet', 'customers'],
      ['certificate', 'public'],
      ['other', 'public'],
    ]);
  });

  it('serves a download as an attachment, never as a page, with nosniff', async () => {
    const step = added['cad-bearing model.step']!;
    const res = await requestAs(t.app, null, 'GET', step.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="bearing model.step"');
    expect(res.headers['content-type']).toBe('model/step');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(STEP)).toBe(true);
  });

  it('answers 401 to a visitor for a signed-in-only document, and the file to a customer', async () => {
    const sheet = added['datasheet-datasheet 6204.pdf']!;
    const visitor = await requestAs(t.app, null, 'GET', sheet.url);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ message: 'Sign in to download this document.' });
    const signedIn = await requestAs(t.app, customer, 'GET', sheet.url);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['content-type']).toBe('application/pdf');
    expect(signedIn.headers['content-disposition']).toMatch(/^attachment; filename="datasheet 6204\.pdf"$/);
  });

  it.each([
    ['a STEP name over PDF bytes', PDF, 'model.step'],
    ['a PDF name over text', Buffer.from('just some words'), 'sheet.pdf'],
    ['an unknown extension', STEP, 'model.exe'],
    ['a program named .pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 'sheet.pdf'],
    ['a web page named .dxf', Buffer.from('0\n<html><script>alert(1)</script></html>'), 'outline.dxf'],
    ['a web page named .step', Buffer.from('<!DOCTYPE html><html></html>'), 'model.step'],
  ])('refuses %s, storing nothing', async (_what, bytes, name) => {
    const before = stored();
    const res = await expectRefused(t.app, () => upload(admin, { kind: 'cad' }, bytes, name), 400);
    expect(res.json().details).toHaveProperty('file');
    expect(stored()).toEqual(before);
  });

  it(`refuses a file over ${LIMITS.documentBytesMax / 1024 / 1024} MB with 413`, async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(LIMITS.documentBytesMax + 1 - PDF.length, 0x20)]);
    const before = stored();
    const res = await upload(admin, { kind: 'datasheet' }, big, 'huge.pdf');
    expect(res.statusCode).toBe(413);
    expect(stored()).toEqual(before);
  });

  it('is attached by admins only', async () => {
    expect((await upload(null, { kind: 'cad' }, STEP, 'a.step')).statusCode).toBe(401);
    expect((await upload(customer, { kind: 'cad' }, STEP, 'a.step')).statusCode).toBe(403);
  });

  it('is renamed, changed to signed-in only, and removed with its file', async () => {
    const step = added['cad-bearing model.step']!;
    const renamed = await requestAs(t.app, admin, 'PATCH', `/api/documents/${step.id}`, {
      title: '3D model (STEP AP214)',
      visibility: 'customers',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: '3D model (STEP AP214)', visibility: 'customers' });
    expect((await requestAs(t.app, null, 'GET', step.url)).statusCode).toBe(401);
    expect(
      (await requestAs(t.app, customer, 'PATCH', `/api/documents/${step.id}`, { title: 'x' })).statusCode,
    ).toBe(403);

    const count = stored().length;
    expect((await requestAs(t.app, admin, 'DELETE', `/api/documents/${step.id}`)).statusCode).toBe(204);
    expect(stored()).toHaveLength(count - 1);
    expect((await requestAs(t.app, customer, 'GET', step.url)).statusCode).toBe(404);
  });

  it('keeps a revision and its date, changes them, and refuses a date that is no day', async () => {
    const res = await upload(
      admin,
      { kind: 'certificate', revision: ' 3.1-B ', revisedOn: '2026-03-01' },
      PDF,
      'mill.pdf',
    );
    expect(res.statusCode, res.body).toBe(201);
    const certificate = res.json<PartDocument>();
    expect(certificate).toMatchObject({ revision: '3.1-B', revisedOn: '2026-03-01' });
    const listed = (await requestAs(t.app, null, 'GET', `/api/product/${part.id}/documents`)).json<
      PartDocument[]
    >();
    expect(listed.find((d) => d.id === certificate.id)).toMatchObject({
      revision: '3.1-B',
      revisedOn: '2026-03-01',
    });

    const changed = await requestAs(t.app, admin, 'PATCH', `/api/documents/${certificate.id}`, {
      revision: 'C',
      revisedOn: '',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ revision: 'C', revisedOn: null });

    const bad = await expectRefused(
      t.app,
      () => upload(admin, { kind: 'datasheet', revisedOn: '2026-02-30' }, PDF, 'sheet.pdf'),
      400,
    );
    expect(bad.json<{ message: string }>().message).toBe(
      'Revision date must be a date written YYYY-MM-DD (2027-01-31)',
    );
    await expectRefused(
      t.app,
      () =>
        requestAs(t.app, admin, 'PATCH', `/api/documents/${certificate.id}`, { revision: 'x'.repeat(21) }),
      400,
    );
  });

  it('answers 404 for an unknown part or document', async () => {
    expect((await requestAs(t.app, null, 'GET', '/api/product/not-a-uuid/documents')).statusCode).toBe(404);
    expect((await requestAs(t.app, null, 'GET', `/api/documents/${part.id}/file`)).statusCode).toBe(404);
  });
});
