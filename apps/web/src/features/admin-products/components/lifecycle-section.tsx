import { useState } from 'react';
import type { ProductLifecycle } from '@forgeline/shared/schemas/product';
import { LoadedDialogSection, SectionCheckbox, SectionSaveButton } from '@/components/ui/dialog-section';
import { actionFailed } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useProductLifecycle, useSetProductLifecycle } from '../api/lifecycle';

type Related = ProductLifecycle['related'][number];
const KIND_LABELS = { accessory: 'Accessory', alternative: 'Alternative' } as const;

/** Moves one entry of the list by `by` places (the list's order is the order the part page shows). */
const moved = (list: Related[], index: number, by: number) => {
  const next = [...list];
  const [entry] = next.splice(index, 1);
  next.splice(index + by, 0, entry!);
  return next;
};

const LifecycleEditor = ({ productId, saved }: { productId: string; saved: ProductLifecycle }) => {
  const save = useSetProductLifecycle(productId);
  const [state, setState] = useState(saved);
  const [adding, setAdding] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const related = state.related;
  const setRelated = (next: Related[]) => setState({ ...state, related: next });

  const submit = async () => {
    setFailure(null);
    try {
      setState(await save.mutateAsync({ ...state, replacement: state.replacement?.trim() || null }));
      toast.success('Discontinued and related parts are saved');
    } catch (error) {
      setFailure(actionFailed('Failed to save the discontinued state and related parts', error));
    }
  };
  const add = () => {
    const sku = adding.trim().toUpperCase();
    if (!sku || related.some((entry) => entry.sku === sku)) return;
    setRelated([...related, { sku, kind: 'accessory' }]);
    setAdding('');
  };

  return (
    <div className="flex flex-col gap-3">
      <SectionCheckbox
        checked={state.discontinued}
        onChange={(discontinued) => setState({ ...state, discontinued })}
      >
        Discontinued: no longer sold; its page stays for old orders
      </SectionCheckbox>
      {state.discontinued ? (
        <label className="flex flex-col gap-1 text-sm" htmlFor="replacement-sku">
          <span className="font-semibold">Replaced by (part number, optional)</span>
          <input
            id="replacement-sku"
            className="input input-sm w-full max-w-xs"
            value={state.replacement ?? ''}
            onChange={(event) => setState({ ...state, replacement: event.target.value })}
          />
        </label>
      ) : null}
      <div className="flex flex-col gap-1">
        <h5 className="text-sm font-semibold">Related parts, in the order the part page shows them</h5>
        {related.length === 0 ? (
          <p className="text-sm text-base-content/75">None.</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {related.map((entry, index) => (
              <li key={entry.sku} className="flex flex-wrap items-center gap-2" data-testid="related-entry">
                <span className="min-w-24 font-mono text-sm">{entry.sku}</span>
                <select
                  className="select select-sm w-36"
                  aria-label={`How ${entry.sku} relates`}
                  value={entry.kind}
                  onChange={(event) =>
                    setRelated(
                      related.map((other, at) =>
                        at === index ? { ...other, kind: event.target.value as Related['kind'] } : other,
                      ),
                    )
                  }
                >
                  {Object.entries(KIND_LABELS).map(([key, label]) => (
                    <option key={key} value={key}>
                      {label}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  aria-label={`Move ${entry.sku} up`}
                  disabled={index === 0}
                  onClick={() => setRelated(moved(related, index, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  aria-label={`Move ${entry.sku} down`}
                  disabled={index === related.length - 1}
                  onClick={() => setRelated(moved(related, index, 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  aria-label={`Remove ${entry.sku} from related parts`}
                  onClick={() => setRelated(related.filter((_, at) => at !== index))}
                >
                  ✕
                </button>
              </li>
            ))}
          </ol>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm" htmlFor="related-sku">
            <span className="font-semibold">Add a related part (part number)</span>
            <input
              id="related-sku"
              className="input input-sm w-full max-w-xs"
              value={adding}
              onChange={(event) => setAdding(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
            />
          </label>
          <button type="button" className="btn btn-sm" onClick={add}>
            Add related part
          </button>
        </div>
      </div>
      <SectionSaveButton saving={save.isPending} onSave={submit} failure={failure}>
        Save discontinued and related parts
      </SectionSaveButton>
    </div>
  );
};

/** The admin's 'Discontinued and related parts' of a part (decision 0233). */
export const LifecycleSection = ({ productId }: { productId: string }) => {
  const lifecycle = useProductLifecycle(productId);
  return (
    <LoadedDialogSection
      id="product-lifecycle-title"
      title="Discontinued and related parts"
      query={lifecycle}
      subject="the discontinued state and related parts"
    >
      {(data) => <LifecycleEditor key={productId} productId={productId} saved={data} />}
    </LoadedDialogSection>
  );
};

export default LifecycleSection;
