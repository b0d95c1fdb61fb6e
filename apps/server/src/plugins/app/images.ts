import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import fp from 'fastify-plugin';
import type { Env } from '../../config/env.ts';
import { writeFileWhole } from '../../lib/files.ts';

/**
 * Where product photos and parts' documents live (one store each, decision 0233). The local folder is
 * the default; an S3 bucket fits behind the same shape.
 */
export interface ImageStore {
  /** Stores the bytes under a server-chosen key and answers the public URL. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The stored bytes, streamed; undefined when there is no such file. */
  read(key: string): Promise<Readable | undefined>;
  /** Removes a stored file (a photo whose twin could not be stored); no error if it is not there. */
  remove(key: string): Promise<void>;
  /** Lets go of connections when the app closes. */
  close?(): void;
}

/** Keys are chosen by the server and never reused: browsers and CDNs may keep the bytes for good. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9._-]+$/.test(key) || key.startsWith('.')) throw new Error(`unsafe image key: ${key}`);
}

export class LocalImageStore implements ImageStore {
  constructor(readonly folder: string) {}

  async put(key: string, bytes: Buffer): Promise<string> {
    assertSafeKey(key);
    await mkdir(this.folder, { recursive: true });
    // Whole or not at all: a reader never sees half a file, and a full disk leaves none behind.
    await writeFileWhole(path.join(this.folder, key), bytes);
    return `/uploads/${key}`;
  }

  async read(key: string): Promise<Readable | undefined> {
    assertSafeKey(key);
    const file = path.join(this.folder, key);
    const found = await stat(file).catch(() => undefined);
    return found?.isFile() ? createReadStream(file) : undefined;
  }

  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    await rm(path.join(this.folder, key), { force: true });
  }
}

/** Photos in an S3-compatible bucket (AWS, R2, MinIO), served to browsers from `publicUrl`. */
export class S3ImageStore implements ImageStore {
  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
    /** The bucket's base URL as browsers see it, without a trailing slash. */
    readonly publicUrl: string,
    /** Put before every key: documents live under 'documents/', which the bucket must not serve publicly. */
    readonly prefix = '',
  ) {}

  static fromEnv(env: Env, options: { bucket?: string | undefined; prefix?: string } = {}): S3ImageStore {
    if (!env.S3_BUCKET || !env.s3PublicUrl) throw new Error('S3_BUCKET is not set');
    const custom = env.S3_ENDPOINT !== undefined;
    const client = new S3Client({
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      // MinIO, R2 and s3rver address buckets by path: no DNS name per bucket.
      forcePathStyle: custom,
      // The SDK's default CRC checksums are refused by some S3-compatible servers; send them only when required.
      ...(custom && {
        requestChecksumCalculation: 'WHEN_REQUIRED' as const,
        responseChecksumValidation: 'WHEN_REQUIRED' as const,
      }),
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
      // An unreachable bucket fails the upload in seconds instead of holding the request open.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
    return new S3ImageStore(client, options.bucket ?? env.S3_BUCKET, env.s3PublicUrl, options.prefix ?? '');
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<string> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.prefix + key,
        Body: bytes,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
    return `${this.publicUrl}/${this.prefix}${key}`;
  }

  async read(key: string): Promise<Readable | undefined> {
    assertSafeKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }),
      );
      return answer.Body as Readable | undefined;
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
  }

  close(): void {
    this.client.destroy();
  }
}

/** The one place the store is chosen: the S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createImageStore(env: Env): ImageStore {
  if (env.S3_BUCKET) return S3ImageStore.fromEnv(env);
  return new LocalImageStore(path.join(env.dataDir, 'uploads'));
}

/**
 * Parts' documents (decision 0233): the same store, kept apart from the photos: DATA_DIR/documents, which
 * nothing serves statically, or S3_DOCUMENTS_BUCKET (private), else the photos' bucket under 'documents/'
 * (whose keys the server never hands out). Downloads go through the server, which checks who asks.
 */
export function createDocumentStore(env: Env): ImageStore {
  if (env.S3_DOCUMENTS_BUCKET) return S3ImageStore.fromEnv(env, { bucket: env.S3_DOCUMENTS_BUCKET });
  if (env.S3_BUCKET) return S3ImageStore.fromEnv(env, { prefix: 'documents/' });
  return new LocalImageStore(path.join(env.dataDir, 'documents'));
}

declare module 'fastify' {
  interface FastifyInstance {
    images: ImageStore;
    documents: ImageStore;
  }
}

export const imagesPlugin = fp<{ store: ImageStore; documents: ImageStore }>(
  async (app, { store, documents }) => {
    app.decorate('images', store);
    app.decorate('documents', documents);
    app.addHook('onClose', async () => {
      store.close?.();
      documents.close?.();
    });
  },
  { name: 'images' },
);
