import { DOCUMENT_KIND_LABELS, formatBytes } from '@forgeline/shared/documents';
import type { PartDocument } from '@forgeline/shared/schemas/documents';
import { Link } from '@/components/ui/link';
import { CardList, type CardLook } from '@/components/ui/card-list';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { formatDay } from '@/lib/format-date';
import { usePartDocuments } from '../api/documents';

/** 'Rev. B, 1 Mar 2026 · ' before the file's name; a calendar day read at local noon, so no zone moves it. */
const revisionOf = ({ revision, revisedOn }: PartDocument) => {
  const said = [revision ? `Rev. ${revision}` : null, revisedOn ? formatDay(`${revisedOn}T12:00:00`) : null];
  const parts = said.filter((part) => part !== null);
  return parts.length > 0 ? `${parts.join(', ')} · ` : '';
};

const DOCUMENT_ROWS: CardLook = {
  list: 'mt-3 flex max-w-2xl flex-col divide-y divide-base-300 rounded-box border border-base-300',
  card: 'flex flex-wrap items-center justify-between gap-x-4 gap-y-1 p-3',
};

/**
 * A part's documents on its page (decision 0233): kind, title, size and a download. A signed-in-only
 * one offers a visitor 'Sign in to download' instead (the server answers its file 401 to them anyway).
 */
export const PartDocuments = ({ productId }: { productId: string }) => {
  const documents = usePartDocuments(productId).data ?? [];
  const { user } = useSession();
  if (documents.length === 0) return null;
  const here = typeof window === 'undefined' ? '/' : window.location.pathname;
  return (
    <section aria-labelledby="documents-heading" className="mt-8">
      <h2 id="documents-heading" className="text-xl font-bold">
        Documents and CAD files
      </h2>
      <CardList items={documents} testId="document" look={DOCUMENT_ROWS}>
        {(document) => (
          <>
            <div className="min-w-0">
              <span className="badge badge-outline badge-sm me-2 font-semibold">
                {DOCUMENT_KIND_LABELS[document.kind]}
              </span>
              <span className="font-medium break-words">{document.title}</span>
              <span className="block text-sm text-base-content/75">
                {revisionOf(document)}
                {document.fileName} · {formatBytes(document.size)}
              </span>
            </div>
            {document.visibility === 'customers' && !user ? (
              <Link to={paths.auth.login.getHref(here)} className="btn btn-outline btn-sm">
                Sign in to download
              </Link>
            ) : (
              <a
                href={document.url}
                download={document.fileName}
                className="btn btn-outline btn-sm"
                aria-label={`Download ${document.title}`}
              >
                Download
              </a>
            )}
          </>
        )}
      </CardList>
    </section>
  );
};

export default PartDocuments;
