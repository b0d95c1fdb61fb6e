// Plain constants, no zod: the SPA's product page imports these without the schemas (decision 0233).

/** What a part's document is. */
export const DOCUMENT_KINDS = ['cad', 'datasheet', 'certificate', 'other'] as const;
export type DocumentKindName = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_LABELS: Record<DocumentKindName, string> = {
  cad: 'CAD',
  datasheet: 'Datasheet',
  certificate: 'Certificate',
  other: 'Other',
};

/** The file extensions a document may have; the server checks the content is what the name says. */
export const DOCUMENT_ACCEPT = '.step,.stp,.igs,.iges,.dxf,.stl,.pdf,.png,.jpg,.jpeg';

/** A size as people read it: 1.2 MB, 340 KB, 512 bytes. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
