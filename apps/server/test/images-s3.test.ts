import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbnailOf } from '@forgeline/shared/images';
import { ImageUrlSchema } from '@forgeline/shared/schemas/product';
import { EnvError, parseEnv } from '../src/config/env.ts';
import { products } from '../src/db/schema/index.ts';
import { createDocumentStore, S3ImageStore } from '../src/plugins/app/images.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';

/** s3rver: a local server speaking the S3 protocol, on a free port, with its files in a temp folder. */
let s3rver: S3rver;
let s3rverDir: string;
let endpoint: string;
let bucketUrl: string;

const BUCKET = 'forgeline';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const bucketEnv = () => ({
  S3_ENDPOINT: endpoint,
  S3_BUCKET: BUCKET,
  S3_ACCESS_KEY_ID: credentials.accessKeyId,
  S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
});

beforeAll(async () => {
  s3rverDir = mkdtempSync(path.join(os.tmpdir(), 'forgeline-s3rver-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3rverDir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  bucketUrl = `${endpoint}/${BUCKET}`;
});
afterAll(async () => {
  await s3rver.close();
  rmSync(s3rverDir, { recursive: true, force: true });
});

/** The keys in the bucket, listed through the S3 API itself. */
async function bucketKeys(): Promise<string[]> {
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
  } finally {
    client.destroy();
  }
}

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP';

/** GETs a URL over real HTTP, as a browser would load the photo. */
async function download(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

function multipart(file: Buffer) {
  const boundary = `----forgeline${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\n` +
      `Content-Type: image/jpeg\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('photos in an S3 bucket (s3rver)', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp({ env: bucketEnv() });
    admin = await createUser(t.app, { admin: true });
  });
  afterAll(() => t?.close());

  it('stores the WebP photo and thumbnail in the bucket, immutable, and answers their public URLs', async () => {
    const jpeg = await sharp({
      create: { width: 2400, height: 1800, channels: 3, background: { r: 180, g: 90, b: 30 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const body = multipart(jpeg);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: { url: string; thumbnailUrl: string } }>();
    const escaped = bucketUrl.replace(/[.]/g, '\\.');
    expect(data.url).toMatch(new RegExp(`^${escaped}/[0-9a-f-]{36}\\.webp$`));
    expect(data.thumbnailUrl).toMatch(new RegExp(`^${escaped}/[0-9a-f-]{36}-thumb\\.webp$`));
    // A product can be saved with them.
    expect(ImageUrlSchema.safeParse(data.url).success).toBe(true);

    for (const [url, width] of [
      [data.url, 1600],
      [data.thumbnailUrl, 400],
    ] as const) {
      const served = await download(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(isWebp(served.bytes)).toBe(true);
      expect((await sharp(served.bytes).metadata()).width).toBe(width);
    }
    expect(await bucketKeys()).toEqual(
      expect.arrayContaining([path.basename(data.url), path.basename(data.thumbnailUrl)]),
    );
    // Nothing went to the local folder.
    expect(readdirSync(path.join(t.dataDir, 'uploads'))).toEqual([]);
  });

  it("lets the browser load photos from the development bucket's http origin (CSP img-src)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const imgSrc = res.headers['content-security-policy']?.toString().match(/img-src [^;]*/)?.[0];
    expect(imgSrc).toBe(`img-src 'self' data: blob: https: ${endpoint}`);
  });

  it('refuses an unsafe key, like the local store, and writes nothing', async () => {
    const store = S3ImageStore.fromEnv(parseEnv(bucketEnv()));
    try {
      const before = await bucketKeys();
      for (const key of ['../etc/passwd', 'a/b.webp', '..', '.hidden.webp', '', 'x y.webp', 'é.webp']) {
        await expect(store.put(key, Buffer.from('RIFF'), 'image/webp'), key).rejects.toThrow(
          /unsafe image key/,
        );
      }
      expect(await bucketKeys()).toEqual(before);
      // A safe key goes through, to the URL the store answers.
      expect(await store.put('unit-ok.webp', Buffer.from('RIFF0000WEBP'), 'image/webp')).toBe(
        `${bucketUrl}/unit-ok.webp`,
      );
      expect((await download(`${bucketUrl}/unit-ok.webp`)).status).toBe(200);
    } finally {
      store.close();
    }
  });
});

describe("parts' documents in the bucket (decision 0233)", () => {
  it("keeps them under 'documents/', reads them back, and removes them", async () => {
    const store = createDocumentStore(parseEnv(bucketEnv()));
    try {
      await store.put('unit-doc.step', Buffer.from('ISO-10303-21;'), 'model/step');
      expect(await bucketKeys()).toContain('documents/unit-doc.step');
      const chunks: Buffer[] = [];
      for await (const chunk of (await store.read('unit-doc.step'))!) chunks.push(Buffer.from(chunk));
      expect(Buffer.concat(chunks).toString()).toBe('ISO-10303-21;');
      expect(await store.read('unit-none.step')).toBeUndefined();
      await store.remove('unit-doc.step');
      expect(await bucketKeys()).not.toContain('documents/unit-doc.step');
    } finally {
      store.close?.();
    }
  });
});

describe('demo data seeded into an S3 bucket behind a CDN (S3_PUBLIC_URL)', () => {
  let t: TestApp;
  const cdn = 'https://cdn.example.com/photos';

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, env: { ...bucketEnv(), S3_PUBLIC_URL: `${cdn}/` } });
  });
  afterAll(() => t?.close());

  it('stores the demo photos in the bucket and the CDN URLs in the products', async () => {
    const rows = await t.app.db.select({ imageUrl: products.imageUrl }).from(products);
    expect(rows.length).toBeGreaterThan(0);
    const keys = await bucketKeys();
    for (const { imageUrl } of rows) {
      expect(imageUrl).toMatch(/^https:\/\/cdn\.example\.com\/photos\/demo-[a-z-]+-[0-9a-f]{10}-800w\.webp$/);
      // The picture and the thumbnail the pages' srcset offers beside it.
      for (const url of [imageUrl!, thumbnailOf(imageUrl!)!]) {
        const key = path.basename(url);
        expect(keys).toContain(key);
        const served = await download(`${bucketUrl}/${key}`);
        expect(served.headers.get('cache-control')).toContain('immutable');
        expect(isWebp(served.bytes)).toBe(true);
      }
    }
    expect(readdirSync(path.join(t.dataDir, 'uploads'))).toEqual([]);
    // An https CDN needs nothing beyond img-src https:.
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob: https:;");
  });
});

describe('S3 configuration', () => {
  const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

  it('derives the public URL of the bucket', () => {
    expect(parseEnv({}).s3PublicUrl).toBeUndefined();
    expect(parseEnv({ S3_BUCKET: 'shop', S3_REGION: 'eu-west-1', ...keys }).s3PublicUrl).toBe(
      'https://shop.s3.eu-west-1.amazonaws.com',
    );
    expect(parseEnv({ S3_BUCKET: 'shop', S3_ENDPOINT: 'http://localhost:9000/', ...keys }).s3PublicUrl).toBe(
      'http://localhost:9000/shop',
    );
    expect(
      parseEnv({
        S3_BUCKET: 'shop',
        S3_ENDPOINT: 'https://acct.r2.cloudflarestorage.com',
        S3_PUBLIC_URL: 'https://photos.example.com/',
        ...keys,
      }).s3PublicUrl,
    ).toBe('https://photos.example.com');
  });

  it.each([
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_PUBLIC_URL must be an https:// URL'],
    [{ S3_PUBLIC_URL: 'http://cdn.example.com' }, 'S3_PUBLIC_URL must be an https:// URL'],
    [
      { S3_PUBLIC_URL: 'ftp://cdn.example.com' },
      'S3_PUBLIC_URL must be a URL starting with http:// or https://',
    ],
  ])('refuses %j at start', (settings, message) => {
    expect(() => parseEnv({ S3_BUCKET: 'shop', ...keys, ...settings })).toThrow(EnvError);
    expect(() => parseEnv({ S3_BUCKET: 'shop', ...keys, ...settings })).toThrow(message);
  });

  it('wants S3_BUCKET with S3_PUBLIC_URL', () => {
    expect(() => parseEnv({ S3_PUBLIC_URL: 'https://photos.example.com' })).toThrow(
      'S3_BUCKET is required when S3_PUBLIC_URL is set',
    );
  });
});
