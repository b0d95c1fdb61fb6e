import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { ImageUploadResponseSchema, LIMITS, messages } from '@forgeline/shared';
import { DomainError, badRequest, errorResponses } from '../../lib/errors.ts';

/** Decoded size limit: a small file can declare a huge image (a 'pixel bomb'). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** And per side: a 1 x 39,000,000 strip is within the pixel count but took 13 s to resize. */
export const MAX_INPUT_SIDE_PX = 10_000;
export const FULL_SIZE_PX = 1600;
export const THUMBNAIL_PX = 400;
/** Room for the multipart framing around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff']);

const tooLarge = () =>
  new DomainError('PAYLOAD_TOO_LARGE', `The photo is larger than ${LIMITS.imageBytesMax / 1024 / 1024} MB.`);
const tooManyPixels = () =>
  new DomainError(
    'IMAGE_TOO_LARGE',
    `The photo has too many pixels: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels and ${MAX_INPUT_SIDE_PX} px on a side.`,
  );
const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);
const notAnImage = () =>
  new DomainError(
    'INVALID_IMAGE',
    'The file is not a photo we can read. Please upload a JPEG, PNG, WebP, GIF or AVIF image.',
  );

/**
 * POST /images (admin): a product photo as multipart field `image`. The bytes must decode as an
 * image; they are re-encoded to WebP (at most 1600 px, metadata stripped) with a 400 px thumbnail,
 * under names the server chooses. The upload itself is never stored or served.
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: multipart parsing exists for this route only.
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.imageBytesMax,
      files: 1,
      fields: 4,
      parts: 5,
      fieldSize: 1024,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
  });

  app.post(
    '/images',
    {
      // Refuse a declared oversized body before reading any of it (or checking who sends it).
      onRequest: async (request) => {
        const length = Number(request.headers['content-length']);
        if (Number.isFinite(length) && length > LIMITS.imageBytesMax + MULTIPART_OVERHEAD) throw tooLarge();
      },
      schema: {
        tags: ['images'],
        summary: 'Uploads a product photo (admin; multipart field `image`, at most 5 MB): answers WebP URLs',
        consumes: ['multipart/form-data'],
        response: {
          200: ImageUploadResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new DomainError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the photo as multipart/form-data in the field "image".',
        );
      }
      const bytes = await readImageField(request);
      const { full, thumbnail } = await reencode(bytes);
      const key = randomUUID();
      const [url, thumbnailUrl] = await Promise.all([
        app.images.put(`${key}.webp`, full, 'image/webp'),
        app.images.put(`${key}-thumb.webp`, thumbnail, 'image/webp'),
      ]);
      request.log.info({ url, bytes: bytes.length }, 'product photo stored');
      return { success: true as const, data: { url, thumbnailUrl } };
    },
  );
};

async function readImageField(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (!part) throw badRequest(messages.imageRequired, { image: messages.imageRequired });
    if (part.fieldname !== 'image') {
      part.file.resume();
      throw badRequest(messages.imageRequired, { image: messages.imageRequired });
    }
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw badRequest(messages.imageRequired, { image: messages.imageRequired });
    return bytes;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw tooLarge();
    // A broken multipart body (bad boundary, cut short): the client's fault, never a 500.
    throw new DomainError(
      'INVALID_MULTIPART',
      'The upload is not a valid multipart form with an "image" file.',
    );
  }
}

async function reencode(bytes: Buffer): Promise<{ full: Buffer; thumbnail: Buffer }> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    throw isPixelLimit(error) ? tooManyPixels() : notAnImage();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height)
    throw notAnImage();
  const { width, height } = metadata;
  if (width * height > MAX_INPUT_PIXELS || Math.max(width, height) > MAX_INPUT_SIDE_PX) throw tooManyPixels();
  try {
    // rotate(): apply the EXIF orientation before the metadata (EXIF, GPS, ICC) is dropped by re-encoding.
    const render = (size: number, quality: number) =>
      sharp(bytes, options)
        .rotate()
        .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
        .webp({ quality })
        .toBuffer();
    const [full, thumbnail] = await Promise.all([render(FULL_SIZE_PX, 82), render(THUMBNAIL_PX, 75)]);
    return { full, thumbnail };
  } catch (error) {
    throw isPixelLimit(error) ? tooManyPixels() : notAnImage();
  }
}
