import { z } from 'zod';
import { DOCUMENT_KINDS } from '../documents.ts';
import { optionalDay, singleLineText } from './common.ts';

/** What a part's document is (decision 0233). */
export const DocumentKindSchema = z.enum(DOCUMENT_KINDS, {
  error: 'Choose a kind: CAD, datasheet, certificate or other.',
});
export type DocumentKind = z.infer<typeof DocumentKindSchema>;

/** Who may download it: anyone, or signed-in customers only. */
export const DocumentVisibilitySchema = z.enum(['public', 'customers'], {
  error: 'Choose who may download it: everyone or signed-in customers.',
});
export type DocumentVisibility = z.infer<typeof DocumentVisibilitySchema>;

/** The file extensions a document may have; the server checks the content matches (documents/service.ts). */
export const DOCUMENT_EXTENSIONS = [
  'step',
  'stp',
  'igs',
  'iges',
  'dxf',
  'stl',
  'pdf',
  'png',
  'jpg',
  'jpeg',
] as const;

const title = singleLineText('Title', 'Give the document a title.', 120);
/** A drawing's or certificate's revision as its maker writes it: 'B', '3', 'Rev. 2a'. */
const revision = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  singleLineText('Revision', 'Give the revision.', 20).nullable(),
);
const revisedOn = optionalDay('Revision date');

/** A part's document as the API shows it; `url` is its download (the server checks who asks). */
export const PartDocumentSchema = z.object({
  id: z.string(),
  productId: z.string(),
  kind: DocumentKindSchema,
  title: z.string(),
  fileName: z.string(),
  /** Bytes. */
  size: z.number().int(),
  contentType: z.string(),
  visibility: DocumentVisibilitySchema,
  /** The revision and its date, as the drawing or certificate says (null when not given). */
  revision: z.string().nullable(),
  revisedOn: z.string().nullable(),
  url: z.string(),
  createdAt: z.string(),
});
export type PartDocument = z.infer<typeof PartDocumentSchema>;

/** The text fields of an upload (multipart beside the file `file`); the title defaults to the file's name. */
export const DocumentUploadFieldsSchema = z.object({
  kind: DocumentKindSchema,
  visibility: DocumentVisibilitySchema.default('public'),
  title: title.optional(),
  revision: revision.optional(),
  revisedOn: revisedOn.optional(),
});
export type DocumentUploadFields = z.infer<typeof DocumentUploadFieldsSchema>;

/** PATCH /documents/:id: rename, change its kind, revision or who may download it. */
export const DocumentPatchSchema = z
  .object({ title, kind: DocumentKindSchema, visibility: DocumentVisibilitySchema, revision, revisedOn })
  .partial()
  .refine(
    (body) => Object.keys(body).length > 0,
    'Send a title, a kind, a revision or a visibility to change.',
  );
export type DocumentPatch = z.infer<typeof DocumentPatchSchema>;
