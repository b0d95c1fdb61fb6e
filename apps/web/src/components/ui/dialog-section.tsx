import type { ReactNode } from 'react';
import { Alert } from './alert';
import { QueryState, type LoadingWords, type QueryLike } from './query-state';

/**
 * One section below a product's fields in the Update dialog (who sees it, documents, discontinued and
 * related parts), each saved on its own: a rule above it and its heading.
 */
export const DialogSection = ({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) => (
  <section aria-labelledby={id} className="mt-6 flex flex-col gap-2 border-t border-base-300 pt-4">
    <h4 id={id} className="text-lg font-bold">
      {title}
    </h4>
    {children}
  </section>
);

/** A DialogSection whose editor waits for its own query: the spinner, the error, then `children(data)`. */
export const LoadedDialogSection = <T,>({
  id,
  title,
  children,
  ...state
}: LoadingWords & {
  id: string;
  title: string;
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
}) => (
  <DialogSection id={id} title={title}>
    <QueryState {...state}>{children}</QueryState>
  </DialogSection>
);

/** A section's own Save, under its fields, with what the server refused below it. */
export const SectionSaveButton = ({
  saving,
  onSave,
  failure,
  children,
}: {
  saving: boolean;
  onSave: () => unknown;
  failure?: ReactNode;
  children: ReactNode;
}) => (
  <div>
    <button type="button" className="btn btn-primary btn-sm" disabled={saving} onClick={() => void onSave()}>
      {children}
    </button>
    {failure === undefined ? null : <Alert className="mt-2">{failure}</Alert>}
  </div>
);

/** A section's on/off setting: a small checkbox with the sentence that says what 'on' means. */
export const SectionCheckbox = ({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) => (
  <label className="flex items-center gap-2">
    <input
      type="checkbox"
      className="checkbox checkbox-sm"
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
    <span>{children}</span>
  </label>
);
