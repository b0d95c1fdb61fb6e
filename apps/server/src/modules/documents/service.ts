import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { LIMITS } from '@forgeline/shared/constants';
import type { DocumentPatch, DocumentUploadFields, PartDocument } from '@forgeline/shared/schemas/documents';
import type { Executor } from '../../db/client.ts';
import type { ProductDocumentRow } from '../../db/schema/index.ts';
import { safeFileName } from '../../lib/downloads.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { pick } from '../../lib/pick.ts';
import type { ImageStore } from '../../plugins/app/images.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { viewProduct, type CatalogueView } from '../pricing/index.ts';
import { findProduct } from '../products/index.ts';
import { createDocumentsRepository } from './repository.ts';

type DocumentDeps = { db: Executor; documents: ImageStore };

const head = (bytes: Buffer) =>
  bytes
    .subarray(0, 1024)
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '');
const isText = (bytes: Buffer) => !bytes.subarray(0, 4096).includes(0);
const startsWith = (bytes: Buffer, magic: readonly number[]) => magic.every((byte, i) => bytes[i] === byte);

/**
 * The files a part's document may be: its extensions, the type we send it with (chosen here, never
 * the browser's), and how its first bytes prove it. A name that says STEP over bytes that are not is refused.
 */
const FILE_TYPES = [
  { extensions: ['pdf'], contentType: 'application/pdf', proves: (b: Buffer) => head(b).startsWith('%PDF-') },
  // ISO 10303-21: a STEP file's first line is its name.
  {
    extensions: ['step', 'stp'],
    contentType: 'model/step',
    proves: (b: Buffer) => isText(b) && head(b).trimStart().startsWith('ISO-10303-21'),
  },
  // IGES: 80-column lines; the first is the Start section, 'S' (or 'C' compressed) in column 73.
  {
    extensions: ['igs', 'iges'],
    contentType: 'model/iges',
    proves: (b: Buffer) => isText(b) && /^[SC]$/.test(head(b).split(/\r?\n/)[0]?.[72] ?? ''),
  },
  // DXF: group code 0 (or a 999 comment) on the first line, or the binary form's sentinel.
  {
    extensions: ['dxf'],
    contentType: 'image/vnd.dxf',
    proves: (b: Buffer) =>
      head(b).startsWith('AutoCAD Binary DXF') || (isText(b) && /^\s*(0|999)\s*\r?\n/.test(head(b))),
  },
  // STL: ASCII starts 'solid'; binary is an 80-byte header, a count, and 50 bytes per triangle.
  {
    extensions: ['stl'],
    contentType: 'model/stl',
    proves: (b: Buffer) =>
      (isText(b) && head(b).trimStart().startsWith('solid')) ||
      (b.length >= 84 && b.length === 84 + 50 * b.readUInt32LE(80)),
  },
  {
    extensions: ['png'],
    contentType: 'image/png',
    proves: (b: Buffer) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    extensions: ['jpg', 'jpeg'],
    contentType: 'image/jpeg',
    proves: (b: Buffer) => startsWith(b, [0xff, 0xd8, 0xff]),
  },
] as const;

/** Programs and web pages are never attached, whatever they are named (a browser or a desktop would run them). */
const EXECUTABLE_MAGIC = [
  [0x4d, 0x5a], // MZ: Windows
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x23, 0x21], // #! script
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O
];
const MARKUP = /<\s*(!doctype|html|head|body|script|svg|iframe|object|embed)\b/i;

export const NOT_A_DOCUMENT =
  'Attach a STEP (.step, .stp), IGES (.igs, .iges), DXF, STL, PDF, PNG or JPEG file whose content is what its name says.';
const REFUSED = 'Programs and web pages cannot be attached to a part.';

/** The type of an uploaded file, told by its name's extension and proved by its content; else a 400. */
export function documentTypeOf(name: string | undefined, bytes: Buffer) {
  if (
    EXECUTABLE_MAGIC.some((magic) => startsWith(bytes, magic)) ||
    (isText(bytes) && MARKUP.test(head(bytes)))
  )
    throw badRequest(REFUSED, { file: REFUSED });
  const extension = /\.([A-Za-z0-9]+)$/.exec(name ?? '')?.[1]?.toLowerCase() ?? '';
  const type = FILE_TYPES.find((candidate) =>
    (candidate.extensions as readonly string[]).includes(extension),
  );
  if (!type || !type.proves(bytes)) throw badRequest(NOT_A_DOCUMENT, { file: NOT_A_DOCUMENT });
  return { extension, contentType: type.contentType };
}

export const toDocumentDto = (row: ProductDocumentRow): PartDocument => ({
  id: row.id,
  productId: row.productId,
  kind: row.kind,
  title: row.title,
  fileName: row.fileName,
  size: row.sizeBytes,
  contentType: row.contentType,
  visibility: row.visibility,
  revision: row.revision,
  revisedOn: row.revisedOn,
  url: `/api/documents/${row.id}/file`,
  createdAt: row.createdAt.toISOString(),
});

/** The part, if the viewer sees it (a part hidden from them has no documents for them either); else 404. */
async function seenPart(db: Executor, view: CatalogueView, productId: string) {
  const part = await viewProduct(db, view, await findProduct(db, productId));
  if (!part) throw notFound('Product');
  return part;
}

/** A part's documents, customers-only ones included (the page says 'Sign in to download' for them). */
export async function listDocuments(
  db: Executor,
  view: CatalogueView,
  productId: string,
): Promise<PartDocument[]> {
  const part = await seenPart(db, view, productId);
  return (await createDocumentsRepository(db).ofProduct(part.id)).map(toDocumentDto);
}

/** A document's bytes for a download: 404 unless its part is seen, 401 for a customers-only one and a visitor. */
export async function openDocument(
  deps: DocumentDeps,
  view: CatalogueView,
  signedIn: boolean,
  id: string,
): Promise<{ row: ProductDocumentRow; body: Readable }> {
  const row = await createDocumentsRepository(deps.db).findById(id);
  if (!row) throw notFound('Document');
  await seenPart(deps.db, view, row.productId).catch(() => {
    throw notFound('Document');
  });
  if (row.visibility === 'customers' && !signedIn) throw unauthorized('Sign in to download this document.');
  const body = await deps.documents.read(row.storageKey);
  if (!body) throw notFound('Document');
  return { row, body };
}

/** Attaches a file to a part (admin): checked, stored under a name the server chooses, recorded. */
export async function addDocument(
  deps: DocumentDeps,
  actor: AuditActor,
  productId: string,
  fields: DocumentUploadFields,
  file: { bytes: Buffer; name: string | undefined },
): Promise<PartDocument> {
  const part = await findProduct(deps.db, productId);
  if (!part) throw notFound('Product');
  const type = documentTypeOf(file.name, file.bytes);
  const repository = createDocumentsRepository(deps.db);
  if ((await repository.countOf(part.id)) >= LIMITS.documentsPerPartMax)
    throw conflict(`A part holds at most ${LIMITS.documentsPerPartMax} documents: remove one first.`);
  const fileName = safeFileName(file.name, type.extension, 'document');
  const storageKey = `${randomUUID()}.${type.extension}`;
  await deps.documents.put(storageKey, file.bytes, type.contentType);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const inserted = await createDocumentsRepository(tx).insert({
        productId: part.id,
        kind: fields.kind,
        title: fields.title ?? fileName.replace(/\.[^.]*$/, ''),
        fileName,
        sizeBytes: file.bytes.length,
        contentType: type.contentType,
        visibility: fields.visibility,
        revision: fields.revision ?? null,
        revisedOn: fields.revisedOn ?? null,
        storageKey,
      });
      await recordAudit(tx, actor, {
        action: 'product.document_added',
        subject: { type: 'product', id: part.id, label: part.name },
        after: {
          title: inserted.title,
          fileName,
          kind: inserted.kind,
          visibility: inserted.visibility,
          revision: inserted.revision,
          revisedOn: inserted.revisedOn,
        },
      });
      return inserted;
    });
    return toDocumentDto(row);
  } catch (error) {
    // Not recorded: the stored bytes would belong to nothing.
    await deps.documents.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/** What a change may touch, for the audit entry's before and after. */
const changedOf = (row: ProductDocumentRow) =>
  pick(row, ['title', 'kind', 'visibility', 'revision', 'revisedOn']);

/** Renames a document, or changes its kind, revision or who may download it (admin). */
export async function changeDocument(
  deps: DocumentDeps,
  actor: AuditActor,
  id: string,
  patch: DocumentPatch,
): Promise<PartDocument> {
  return toDocumentDto(
    await deps.db.transaction(async (tx) => {
      const repository = createDocumentsRepository(tx);
      const before = await repository.findById(id);
      if (!before) throw notFound('Document');
      const after = await repository.update(before.id, patch);
      if (!after) throw notFound('Document');
      await recordAudit(tx, actor, {
        action: 'product.document_changed',
        subject: { type: 'product', id: before.productId, label: before.title },
        before: changedOf(before),
        after: changedOf(after),
      });
      return after;
    }),
  );
}

/** Removes a document (admin): the row in a transaction with its audit entry, then the stored bytes. */
export async function removeDocument(deps: DocumentDeps, actor: AuditActor, id: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const row = await createDocumentsRepository(tx).delete(id);
    if (!row) throw notFound('Document');
    await recordAudit(tx, actor, {
      action: 'product.document_removed',
      subject: { type: 'product', id: row.productId, label: row.title },
      before: { title: row.title, fileName: row.fileName, kind: row.kind, visibility: row.visibility },
    });
    return row;
  });
  await deps.documents.remove(removed.storageKey);
}
