import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbnailOf } from '@forgeline/shared/images';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let customer: TestUser;
let admin: TestUser;
let uploadsDir: string;

beforeAll(async () => {
  t = await buildTestApp();
  [customer, admin] = await Promise.all([createUser(t.app), createUser(t.app, { admin: true })]);
  uploadsDir = path.join(t.dataDir, 'uploads');
});
afterAll(() => t.close());

/** A multipart body with one file part, built by hand so that tests control every byte. */
function multipart(file: Buffer, options: { field?: string; filename?: string; type?: string } = {}) {
  const boundary = `----forgeline${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'image'}"; filename="${options.filename ?? 'photo.jpg'}"\r\n` +
      `Content-Type: ${options.type ?? 'image/jpeg'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (headers: Record<string, string>, file: Buffer, options?: Parameters<typeof multipart>[1]) => {
  const body = multipart(file, options);
  return t.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

const storedFiles = () => readdirSync(uploadsDir).sort();

async function goodJpeg(width = 2400, height = 1800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 30 } } })
    .jpeg({ quality: 80 })
    .withMetadata({ exif: { IFD0: { Copyright: 'Secret Factory GPS 51.5,-0.1' } } })
    .toBuffer();
}

/** PNG signature, an IHDR chunk with the given size, a tiny IDAT and IEND: a header that lies about its size. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP';

describe('POST /api/images', () => {
  it('re-encodes a good JPEG to WebP (at most 1600 px, no metadata) with a 400 px thumbnail, under random names', async () => {
    const jpeg = await goodJpeg();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(admin.headers, jpeg, { filename: '../../etc/passwd.jpg' });
    expect(res.statusCode, res.body).toBe(200);
    const { success, data } = res.json<{ success: boolean; data: { url: string; thumbnailUrl: string } }>();
    expect(success).toBe(true);
    expect(data.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(data.thumbnailUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}-thumb\.webp$/);
    // The pages find the thumbnail by this naming (thumbnailOf in packages/shared, decision 0043).
    expect(thumbnailOf(data.url)).toBe(data.thumbnailUrl);

    const full = readFileSync(path.join(uploadsDir, path.basename(data.url)));
    const thumb = readFileSync(path.join(uploadsDir, path.basename(data.thumbnailUrl)));
    expect(isWebp(full)).toBe(true);
    expect(isWebp(thumb)).toBe(true);
    const fullMeta = await sharp(full).metadata();
    expect([fullMeta.format, fullMeta.width, fullMeta.height]).toEqual(['webp', 1600, 1200]);
    expect(fullMeta.exif).toBeUndefined();
    const thumbMeta = await sharp(thumb).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([400, 300]);
    expect(full.includes(Buffer.from('Secret Factory'))).toBe(false);

    // Served from /uploads/ as an immutable WebP that browsers must not sniff.
    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    // Nothing else was written: not the upload, not its name.
    expect(storedFiles().filter((f) => !f.endsWith('.webp'))).toEqual([]);
    expect(storedFiles().some((f) => f.includes('passwd'))).toBe(false);
  });

  it('keeps a small image at its own size', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#336699' } })
      .png()
      .toBuffer();
    const res = await upload(admin.headers, png, { filename: 'small.png', type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const full = readFileSync(path.join(uploadsDir, path.basename(res.json().data.url)));
    expect(await sharp(full).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });
  });

  it.each([
    ['a text file', Buffer.from('just some text, not an image'), 'notes.txt', 'text/plain'],
    [
      'an HTML file named .png',
      Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
      'innocent.png',
      'image/png',
    ],
    [
      'an SVG with a script',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      'x.svg',
      'image/svg+xml',
    ],
    [
      'a truncated JPEG',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
      'cut.jpg',
      'image/jpeg',
    ],
  ])('refuses %s with 400 and stores nothing', async (_label, bytes, filename, type) => {
    const before = storedFiles();
    const res = await upload(admin.headers, bytes, { filename, type });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('INVALID_IMAGE');
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const before = storedFiles();
    const res = await upload(admin.headers, Buffer.alloc(5 * 1024 * 1024 + 1, 0x41));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    // A declared size over the limit is refused before the body is read at all.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: {
        ...admin.headers,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(50 * 1024 * 1024),
      },
      payload: Buffer.alloc(10),
    });
    expect(early.statusCode).toBe(413);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an image of huge declared dimensions (a pixel bomb) without decoding it', async () => {
    // A well-formed PNG declaring 20000 x 20000 pixels (400 MP), in under a hundred bytes.
    const bytes = pngDeclaring(20_000, 20_000);
    expect(bytes.length).toBeLessThan(100);
    expect(await sharp(bytes, { limitInputPixels: false }).metadata()).toMatchObject({
      format: 'png',
      width: 20_000,
      height: 20_000,
    });
    const before = storedFiles();
    const res = await upload(admin.headers, bytes, { filename: 'bomb.png', type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('IMAGE_TOO_LARGE');
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a thin strip within the pixel count but too wide or too tall, before decoding it', async () => {
    for (const [width, height] of [
      [39_000_000, 1],
      [1, 39_000_000],
      [10_001, 10],
    ] as const) {
      const before = storedFiles();
      const started = Date.now();
      const res = await upload(admin.headers, pngDeclaring(width, height), { type: 'image/png' });
      expect(res.statusCode, `${width} x ${height}`).toBe(413);
      expect(res.json()).toMatchObject({
        code: 'IMAGE_TOO_LARGE',
        message: expect.stringMatching(/10000 px/),
      });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(storedFiles()).toEqual(before);
    }
  });

  it.each([
    [
      'no file at all',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/images',
          headers: { ...admin.headers, 'content-type': 'application/json' },
          payload: {},
        }),
      415,
    ],
    ['another field name', () => upload(admin.headers, Buffer.from('x'), { field: 'photo' }), 400],
    [
      'a broken multipart body',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/images',
          headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=abc' },
          payload:
            '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\nunterminated',
        }),
      400,
    ],
  ])('answers %s with a 4xx', async (_label, call, status) => {
    const before = storedFiles();
    const res = await call();
    expect(res.statusCode, res.body).toBe(status);
    expect(storedFiles()).toEqual(before);
  });

  describe('authorization matrix', () => {
    it.each([
      ['visitor', 401],
      ['customer', 403],
      ['admin', 200],
    ] as const)('POST /api/images as %s → %i', async (role, status) => {
      const jpeg = await goodJpeg(640, 480);
      const before = storedFiles();
      const headers = role === 'visitor' ? {} : role === 'customer' ? customer.headers : admin.headers;
      const res = await upload(headers, jpeg);
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(storedFiles()).toHaveLength(before.length + 2);
      else expect(storedFiles()).toEqual(before);
    });
  });
});
