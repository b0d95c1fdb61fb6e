import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@forgeline/shared/constants';
import {
  DocumentPatchSchema,
  DocumentUploadFieldsSchema,
  PartDocumentSchema,
} from '@forgeline/shared/schemas/documents';
import { sendDownload } from '../../lib/downloads.ts';
import { badRequest, DomainError } from '../../lib/errors.ts';
import { readFileAndFields, refuseLargerThan, registerSingleFileUpload } from '../../lib/uploads.ts';
import { notFoundUnlessUuid } from '../../lib/uuid.ts';
import { createdResponses, IdParams, noContentResponses, okResponses } from '../../lib/route-schemas.ts';
import { created, noContent } from '../../lib/replies.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import { viewOf } from '../pricing/index.ts';
import { addDocument, changeDocument, listDocuments, openDocument, removeDocument } from './service.ts';

const tags = ['documents'];
const MEGABYTES = LIMITS.documentBytesMax / 1024 / 1024;

const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', `The document is larger than ${MEGABYTES} MB.`);
const FILE_REQUIRED = 'Choose the file to attach.';

/** Who asks, and which parts they see (a part hidden from them has no documents for them). */
async function viewerOf(app: Parameters<FastifyPluginAsyncZod>[0], request: FastifyRequest) {
  const user = await app.resolveUser(request);
  return { user, view: await viewOf(app.db, user ? { id: user.id, role: user.role } : null) };
}

/** A part's documents and their downloads (decision 0233): public ones for anyone, the rest for signed-in customers. */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook(
    'preHandler',
    notFoundUnlessUuid((url) => (url.startsWith('/api/product') ? 'Product' : 'Document')),
  );

  app.get(
    '/product/:id/documents',
    {
      config: { apiScopes: ['products:read', 'catalogue:read'] },
      schema: {
        tags,
        summary: "A part's documents (CAD, datasheets, certificates) with their size and download address",
        params: IdParams,
        response: okResponses(z.array(PartDocumentSchema)),
      },
    },
    async (request) => listDocuments(app.db, (await viewerOf(app, request)).view, request.params.id),
  );

  app.get(
    '/documents/:id/file',
    {
      config: { apiScopes: ['products:read', 'catalogue:read'] },
      schema: {
        tags,
        summary: "A document's file, as an attachment; 401 for a customers-only one without signing in",
        params: IdParams,
        response: okResponses(z.any().describe('the file')),
      },
    },
    async (request, reply) => {
      const { user, view } = await viewerOf(app, request);
      const { row, body } = await openDocument(app, view, user !== null, request.params.id);
      return sendDownload(reply, {
        body,
        fileName: row.fileName,
        contentType: row.contentType,
        size: row.sizeBytes,
      });
    },
  );
};

/** The admin's side: attach, rename, change who may download, remove (inside the admin area's guard). */
export const documentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook(
    'preHandler',
    notFoundUnlessUuid((url) => (url.startsWith('/api/product') ? 'Product' : 'Document')),
  );
  // Encapsulated: multipart parsing exists for the upload only.
  await registerSingleFileUpload(app, { fileSize: LIMITS.documentBytesMax, fields: 6, parts: 8 });

  app.post(
    '/product/:id/documents',
    {
      onRequest: refuseLargerThan(LIMITS.documentBytesMax, tooLarge),
      schema: {
        tags,
        summary: `Attaches a document to a part (admin; multipart: file (STEP, IGES, DXF, STL, PDF, PNG or JPEG, at most ${MEGABYTES} MB), kind, title, visibility, revision, revisedOn (YYYY-MM-DD))`,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: createdResponses(PartDocumentSchema),
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data.');
      const { fields, file } = await readFileAndFields(request, 'file', tooLarge);
      if (!file || file.bytes.length === 0) throw badRequest(FILE_REQUIRED, { file: FILE_REQUIRED });
      const parsed = DocumentUploadFieldsSchema.safeParse({
        ...fields,
        title: fields.title?.trim() ? fields.title : undefined,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const message = issue?.message ?? 'The document details are not valid.';
        throw badRequest(message, { [String(issue?.path[0] ?? 'body')]: message });
      }
      return created(reply, addDocument(app, currentUser(request), request.params.id, parsed.data, file));
    },
  );

  app.patch(
    '/documents/:id',
    {
      schema: {
        tags,
        summary:
          'Renames a document, or changes its kind, its revision and date, or who may download it (admin)',
        params: IdParams,
        body: DocumentPatchSchema,
        response: okResponses(PartDocumentSchema),
      },
    },
    async (request) => changeDocument(app, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/documents/:id',
    {
      schema: {
        tags,
        summary: 'Removes a document and its file (admin)',
        params: IdParams,
        response: noContentResponses,
      },
    },
    async (request, reply) => noContent(reply, removeDocument(app, currentUser(request), request.params.id)),
  );
};
