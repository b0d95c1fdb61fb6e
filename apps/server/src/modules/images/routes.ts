import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ImageUploadResponseSchema } from '@forgeline/shared/schemas/product';
import { LIMITS } from '@forgeline/shared/constants';
import { messages } from '@forgeline/shared/messages';
import { DomainError, badRequest } from '../../lib/errors.ts';
import { okResponses } from '../../lib/route-schemas.ts';
import { registerSingleFileUpload } from '../../lib/uploads.ts';
import { storeProductPhoto } from './service.ts';

/** Room for the multipart framing around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

const tooLarge = () =>
  new DomainError('PAYLOAD_TOO_LARGE', `The photo is larger than ${LIMITS.imageBytesMax / 1024 / 1024} MB.`);

/**
 * POST /images (admin): a product photo as multipart field `image`, read here; service.ts decides
 * whether it is a photo and stores it re-encoded. The upload itself is never stored or served.
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: multipart parsing exists for this route only.
  await registerSingleFileUpload(app, { fileSize: LIMITS.imageBytesMax, fields: 4, parts: 5 });

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
        response: okResponses(ImageUploadResponseSchema),
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
      const { url, thumbnailUrl } = await storeProductPhoto(app, bytes);
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
