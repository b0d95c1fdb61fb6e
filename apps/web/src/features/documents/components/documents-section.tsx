import { useState, type FormEvent } from 'react';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  formatBytes,
} from '@forgeline/shared/documents';
import type { PartDocument } from '@forgeline/shared/schemas/documents';
import { Alert, DANGER_BUTTON_CLASS } from '@/components/ui/alert';
import { DialogSection } from '@/components/ui/dialog-section';
import { ListQueryState } from '@/components/ui/query-state';
import { actionFailed } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { usePartDocuments, useChangeDocument, useRemoveDocument, useUploadDocument } from '../api/documents';

const VISIBILITY_LABELS = { public: 'Everyone', customers: 'Signed-in customers' } as const;
type Visibility = keyof typeof VISIBILITY_LABELS;

const VisibilitySelect = ({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: Visibility;
  onChange: (value: Visibility) => void;
  disabled?: boolean;
}) => (
  <select
    id={id}
    className="select select-sm w-full"
    value={value}
    disabled={disabled}
    onChange={(event) => onChange(event.target.value as Visibility)}
  >
    {Object.entries(VISIBILITY_LABELS).map(([key, label]) => (
      <option key={key} value={key}>
        {label}
      </option>
    ))}
  </select>
);

/** One attached document: its title to rename, who may download it, and removal (asked twice). */
const DocumentRow = ({ productId, document }: { productId: string; document: PartDocument }) => {
  const change = useChangeDocument(productId);
  const remove = useRemoveDocument(productId);
  const [title, setTitle] = useState(document.title);
  const [revision, setRevision] = useState(document.revision ?? '');
  const [revisedOn, setRevisedOn] = useState(document.revisedOn ?? '');
  const [confirming, setConfirming] = useState(false);
  const revisionChanged =
    revision.trim() !== (document.revision ?? '') || revisedOn !== (document.revisedOn ?? '');
  const save = async (patch: Parameters<typeof change.mutateAsync>[0]['patch'], done: string) => {
    try {
      await change.mutateAsync({ id: document.id, patch });
      toast.success(done);
    } catch (error) {
      toast.error(actionFailed('Failed to change the document', error));
    }
  };
  const removeIt = async () => {
    try {
      await remove.mutateAsync(document.id);
      toast.success('Document removed');
    } catch (error) {
      toast.error(actionFailed('Failed to remove the document', error));
    }
  };
  const prefix = `document-${document.id}`;
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="admin-document">
      <p className="text-sm text-base-content/80">
        <span className="badge badge-outline badge-sm me-2 font-semibold">
          {DOCUMENT_KIND_LABELS[document.kind]}
        </span>
        <span className="break-all">{document.fileName}</span> · {formatBytes(document.size)}
      </p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void save({ title }, 'Document renamed');
        }}
      >
        <label className="flex min-w-0 grow flex-col gap-1 text-sm" htmlFor={`${prefix}-title`}>
          <span className="font-semibold">Title</span>
          <input
            id={`${prefix}-title`}
            className="input input-sm w-full"
            value={title}
            maxLength={120}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <button
          type="submit"
          className="btn btn-sm"
          disabled={change.isPending || title.trim() === '' || title === document.title}
        >
          Rename
        </button>
      </form>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          // Emptied fields clear the revision or its date.
          void save({ revision: revision.trim(), revisedOn }, 'Revision saved');
        }}
      >
        <label className="flex w-24 flex-col gap-1 text-sm" htmlFor={`${prefix}-revision`}>
          <span className="font-semibold">Revision</span>
          <input
            id={`${prefix}-revision`}
            className="input input-sm w-full"
            value={revision}
            maxLength={20}
            onChange={(event) => setRevision(event.target.value)}
          />
        </label>
        <label className="flex min-w-0 grow flex-col gap-1 text-sm" htmlFor={`${prefix}-revised-on`}>
          <span className="font-semibold">Revision date</span>
          <input
            id={`${prefix}-revised-on`}
            type="date"
            className="input input-sm w-full"
            value={revisedOn}
            onChange={(event) => setRevisedOn(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-sm" disabled={change.isPending || !revisionChanged}>
          Save revision
        </button>
      </form>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 grow flex-col gap-1 text-sm" htmlFor={`${prefix}-visibility`}>
          <span className="font-semibold">Who may download it</span>
          <VisibilitySelect
            id={`${prefix}-visibility`}
            value={document.visibility}
            disabled={change.isPending}
            onChange={(visibility) => void save({ visibility }, 'Who may download it is saved')}
          />
        </label>
        {confirming ? (
          <>
            <button
              type="button"
              className={DANGER_BUTTON_CLASS}
              disabled={remove.isPending}
              onClick={() => void removeIt()}
            >
              Yes, remove {document.title}
            </button>
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button
            type="button"
            className={DANGER_BUTTON_CLASS}
            aria-label={`Remove ${document.title}`}
            onClick={() => setConfirming(true)}
          >
            Remove
          </button>
        )}
      </div>
    </li>
  );
};

/** Attaches a file: CAD model, datasheet, certificate or other, for everyone or signed-in customers. */
const UploadForm = ({ productId }: { productId: string }) => {
  const upload = useUploadDocument(productId);
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<string>('cad');
  const [title, setTitle] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [revision, setRevision] = useState('');
  const [revisedOn, setRevisedOn] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFailure('Choose the file to attach.');
    setFailure(null);
    try {
      await upload.mutateAsync({ file, kind, title, visibility, revision, revisedOn });
      toast.success('Document attached');
      setFile(null);
      setTitle('');
      setRevision('');
      setRevisedOn('');
      setFormKey((key) => key + 1);
    } catch (error) {
      setFailure(actionFailed('Failed to attach the document', error));
    }
  };
  return (
    <form
      key={formKey}
      aria-label="Attach a document"
      className="grid gap-2 sm:grid-cols-2"
      onSubmit={(event) => void submit(event)}
    >
      <label className="flex flex-col gap-1 text-sm sm:col-span-2" htmlFor="document-file">
        <span className="font-semibold">File (STEP, IGES, DXF, STL, PDF, PNG or JPEG; at most 50 MB)</span>
        <input
          id="document-file"
          type="file"
          accept={DOCUMENT_ACCEPT}
          className="file-input file-input-sm w-full"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm" htmlFor="document-kind">
        <span className="font-semibold">Kind</span>
        <select
          id="document-kind"
          className="select select-sm w-full"
          value={kind}
          onChange={(event) => setKind(event.target.value)}
        >
          {DOCUMENT_KINDS.map((key) => (
            <option key={key} value={key}>
              {DOCUMENT_KIND_LABELS[key]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm" htmlFor="document-visibility">
        <span className="font-semibold">Who may download it</span>
        <VisibilitySelect id="document-visibility" value={visibility} onChange={setVisibility} />
      </label>
      <label className="flex flex-col gap-1 text-sm sm:col-span-2" htmlFor="document-title">
        <span className="font-semibold">Title (the file's name when empty)</span>
        <input
          id="document-title"
          className="input input-sm w-full"
          value={title}
          maxLength={120}
          onChange={(event) => setTitle(event.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm" htmlFor="document-revision">
        <span className="font-semibold">Revision (optional)</span>
        <input
          id="document-revision"
          className="input input-sm w-full"
          value={revision}
          maxLength={20}
          placeholder="B"
          onChange={(event) => setRevision(event.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm" htmlFor="document-revised-on">
        <span className="font-semibold">Revision date (optional)</span>
        <input
          id="document-revised-on"
          type="date"
          className="input input-sm w-full"
          value={revisedOn}
          onChange={(event) => setRevisedOn(event.target.value)}
        />
      </label>
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={upload.isPending}>
          {upload.isPending ? 'Attaching…' : 'Attach document'}
        </button>
        <Alert className="mt-2">{failure}</Alert>
      </div>
    </form>
  );
};

/** The admin's 'Documents' of a part (decision 0233): attach, rename, change who may download, remove. */
export const DocumentsSection = ({ productId }: { productId: string }) => {
  const documents = usePartDocuments(productId);
  return (
    <DialogSection id="product-documents-title" title="Documents">
      <ListQueryState
        query={documents}
        subject="the documents"
        empty={<p className="text-sm text-base-content/75">No documents yet.</p>}
      >
        {(data) => (
          <ul className="divide-y divide-base-300">
            {data.map((document) => (
              <DocumentRow
                key={`${document.id}:${document.title}`}
                productId={productId}
                document={document}
              />
            ))}
          </ul>
        )}
      </ListQueryState>
      <UploadForm productId={productId} />
    </DialogSection>
  );
};

export default DocumentsSection;
