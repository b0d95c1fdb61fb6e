import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from './errors.ts';

/**
 * The text fields and the one file named `fileField` of a multipart upload (the route registers
 * @fastify/multipart with its limits). Other files are drained and ignored; an oversized file is
 * `tooLarge()`, a broken body an INVALID_MULTIPART 400, never a 500.
 */
export async function readFileAndFields(
  request: FastifyRequest,
  fileField: string,
  tooLarge: () => DomainError,
): Promise<{ fields: Record<string, string>; file: { bytes: Buffer; name: string } | undefined }> {
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; name: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || file) {
          part.file.resume();
          continue;
        }
        file = { bytes: await part.toBuffer(), name: part.filename };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw new DomainError(
      'INVALID_MULTIPART',
      `The upload is not a valid multipart form with a "${fileField}".`,
    );
  }
  return { fields, file };
}

/** Refuses a declared oversized body before any of it is read (or who sends it is checked). */
export const refuseLargerThan =
  (maxBytes: number, tooLarge: () => DomainError) => async (request: FastifyRequest) => {
    const length = Number(request.headers['content-length']);
    // Room for the multipart framing and the text fields around the file itself.
    if (Number.isFinite(length) && length > maxBytes + 64 * 1024) throw tooLarge();
  };

/**
 * Registers @fastify/multipart in the calling plugin only (encapsulated: only its routes parse uploads),
 * for one file of at most `fileSize` bytes and a few short text fields. A file over the limit throws, so
 * the route refuses it instead of reading a silently cut file.
 */
export const registerSingleFileUpload = (
  app: FastifyInstance,
  { fileSize, fields, parts }: { fileSize: number; fields: number; parts: number },
) =>
  app.register(multipart, {
    limits: { fileSize, files: 1, fields, parts, fieldSize: 1024, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
