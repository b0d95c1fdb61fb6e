import { readdirSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxMessages } from '../src/db/schema/index.ts';
import { isStorageFull } from '../src/lib/files.ts';
import type { TestUser } from './auth-helper.ts';
import type { TestApp } from './helper.ts';
import { buildAppWithAdmin } from './support/cast.ts';

/**
 * A full disk, as the file system reports it: a write takes what fits, then fails with ENOSPC, and
 * statfs says no room is left. Everything the app writes to DATA_DIR goes through node:fs/promises.
 */
const disk = vi.hoisted(() => ({ full: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  const noRoom = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  return {
    ...fs,
    async writeFile(...args: Parameters<typeof fs.writeFile>) {
      if (!disk.full) return fs.writeFile(...args);
      const [file, data] = args;
      if (typeof file === 'string' && Buffer.isBuffer(data)) await fs.writeFile(file, data.subarray(0, 10));
      throw noRoom();
    },
    async statfs(...args: Parameters<typeof fs.statfs>) {
      const real = await fs.statfs(...args);
      return disk.full ? { ...real, bavail: 0, bfree: 0 } : real;
    },
  };
});

let t: TestApp;
let admin: TestUser;
beforeAll(async () => ({ t, admin } = await buildAppWithAdmin()));
afterAll(() => t.close());

async function whileDiskFull<T>(work: () => Promise<T>): Promise<T> {
  await t.app.mailer.idle(); // no mail of an earlier step is being written meanwhile
  disk.full = true;
  try {
    return await work();
  } finally {
    disk.full = false;
  }
}

/** Every file under DATA_DIR, but the database's own. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
}

function uploadBody(file: Buffer) {
  const boundary = 'forgeline-full-disk';
  return {
    headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe('a full disk', () => {
  it('refuses a photo upload with 507 and a message a person understands, leaving no file behind', async () => {
    await t.app.mailer.idle();
    const before = filesOf(t.dataDir);
    const res = await whileDiskFull(async () =>
      t.app.inject({ method: 'POST', url: '/api/images', ...uploadBody(await photo()) }),
    );
    expect(res.statusCode).toBe(507);
    expect(res.json()).toMatchObject({
      code: 'STORAGE_FULL',
      message: expect.stringMatching(/disk is full.*Nothing was saved/),
    });
    expect(filesOf(t.dataDir)).toEqual(before);
    // Once there is room again, the same upload works.
    const again = await t.app.inject({ method: 'POST', url: '/api/images', ...uploadBody(await photo()) });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('keeps a mail it could not write in the outbox, with no half file, and writes it once there is room', async () => {
    await t.app.mailer.idle();
    const before = filesOf(t.dataDir);
    const id = await whileDiskFull(async () => {
      const queued = await t.app.mailer.enqueue(t.app.db, {
        to: 'buyer@example.com',
        subject: 'Full',
        text: 'x',
      });
      await t.app.mailer.deliver([queued]);
      return queued;
    });
    expect(filesOf(t.dataDir)).toEqual(before);
    const [row] = await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row).toMatchObject({ sentAt: null, attempts: 1, sendingSince: null });
    expect(row!.lastError).toMatch(/ENOSPC/);
    await t.app.db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outboxMessages.id, id));
    expect(await t.app.mailer.flush()).toBeGreaterThanOrEqual(1);
    expect(filesOf(t.dataDir).filter((file) => file.includes(id))).toHaveLength(1);
  });

  it('is reported by readiness, which still answers 200 (reading the catalogue works)', async () => {
    const res = await whileDiskFull(() => t.app.inject({ method: 'GET', url: '/api/health/ready' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', disk: 'full' });
    const after = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(after.json()).toMatchObject({ disk: 'ok' });
  });
});

describe('what counts as a full disk', () => {
  const wrap = (error: Error, depth: number): Error =>
    depth === 0 ? error : wrap(new Error('wrapped', { cause: error }), depth - 1);
  const coded = (code: string) => Object.assign(new Error(code), { code });
  it.each(['ENOSPC', 'EDQUOT', '53100'])('%s, however deeply wrapped, is a full disk', (code) => {
    for (const depth of [0, 1, 2, 3]) expect(isStorageFull(wrap(coded(code), depth))).toBe(true);
  });
  it.each(['EACCES', 'ENOENT', '23505', '57P01', 'ECONNRESET'])('%s is not', (code) => {
    for (const depth of [0, 1, 2]) expect(isStorageFull(wrap(coded(code), depth))).toBe(false);
  });
});
