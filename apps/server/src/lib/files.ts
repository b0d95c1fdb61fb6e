import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { anyCause } from './error-chain.ts';

/**
 * Writes `bytes` to `target` whole or not at all: into a temporary file beside it, renamed into place.
 * Should the write fail (a full disk), the temporary file is removed, so that no half file is left
 * behind, and the error goes to the caller.
 */
export async function writeFileWhole(target: string, bytes: Uint8Array): Promise<void> {
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Error codes of a disk (or quota) with no room left, from Node's file system calls. */
const NO_ROOM_CODES = new Set(['ENOSPC', 'EDQUOT']);
/** PostgreSQL's SQLSTATE 53100, disk_full (and PGlite's, which is PostgreSQL). */
const DISK_FULL_SQLSTATE = '53100';

/** True when the error, or one it wraps, says the disk (files or the database's) has no room left. */
export function isStorageFull(error: unknown): boolean {
  return anyCause(
    error,
    ({ code }) => typeof code === 'string' && (NO_ROOM_CODES.has(code) || code === DISK_FULL_SQLSTATE),
  );
}
