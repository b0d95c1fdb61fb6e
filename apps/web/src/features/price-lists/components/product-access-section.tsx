import { useState } from 'react';
import type { Holder, ProductAccess } from '@forgeline/shared/schemas/price-list';
import { LoadedDialogSection, SectionCheckbox, SectionSaveButton } from '@/components/ui/dialog-section';
import { actionFailed } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useProductAccess, useSetProductAccess } from '../api/price-lists';
import { HolderPicker } from './holder-picker';

const HolderList = ({
  title,
  holders,
  empty,
  onRemove,
}: {
  title: string;
  holders: Holder[];
  empty: string;
  onRemove: (holder: Holder) => void;
}) => (
  <div className="flex flex-col gap-1">
    <h5 className="text-sm font-semibold">{title}</h5>
    {holders.length === 0 ? (
      <p className="text-sm text-base-content/75">{empty}</p>
    ) : (
      <ul className="flex flex-wrap gap-2">
        {holders.map((holder) => (
          <li key={`${holder.kind}:${holder.id}`} className="badge badge-outline gap-1 py-3">
            {holder.name} <span className="text-xs opacity-70">({holder.kind})</span>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              aria-label={`Remove ${holder.name} from ${title.toLowerCase()}`}
              onClick={() => onRemove(holder)}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
    )}
  </div>
);

const same = (a: Holder) => (b: Holder) => a.kind === b.kind && a.id === b.id;

const AccessEditor = ({ productId, access }: { productId: string; access: ProductAccess }) => {
  const save = useSetProductAccess(productId);
  const [state, setState] = useState(access);
  const [adding, setAdding] = useState<'allow' | 'deny'>('allow');
  const without = (holder: Holder) => ({
    allow: state.allow.filter((h) => !same(holder)(h)),
    deny: state.deny.filter((h) => !same(holder)(h)),
  });
  const submit = async () => {
    try {
      const saved = await save.mutateAsync({
        restricted: state.restricted,
        allow: state.allow.map(({ kind, id }) => ({ kind, id })),
        deny: state.deny.map(({ kind, id }) => ({ kind, id })),
      });
      setState(saved);
      toast.success('Who can see the part is saved');
    } catch (error) {
      toast.error(actionFailed('Failed to save who can see the part', error));
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <SectionCheckbox
        checked={state.restricted}
        onChange={(restricted) => setState({ ...state, restricted })}
      >
        Restricted: only the companies and groups allowed below see it
      </SectionCheckbox>
      <HolderList
        title="Allowed"
        holders={state.allow}
        empty={
          state.restricted
            ? 'Nobody: the part is hidden from every buyer.'
            : 'Not restricted: everyone sees it.'
        }
        onRemove={(holder) => setState({ ...state, ...without(holder) })}
      />
      <HolderList
        title="Hidden from"
        holders={state.deny}
        empty="Nobody."
        onRemove={(holder) => setState({ ...state, ...without(holder) })}
      />
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">Add to</span>
          <select
            className="select select-sm"
            value={adding}
            onChange={(event) => setAdding(event.target.value as 'allow' | 'deny')}
          >
            <option value="allow">Allowed</option>
            <option value="deny">Hidden from</option>
          </select>
        </label>
        <HolderPicker
          onChoose={(holder) => {
            const rest = without(holder);
            setState({ ...state, ...rest, [adding]: [...rest[adding], holder] });
          }}
        />
      </div>
      <SectionSaveButton saving={save.isPending} onSave={submit}>
        Save who can see it
      </SectionSaveButton>
    </div>
  );
};

/** The product's 'Who can see it': restricted or not, and the companies and groups allowed or hidden from. */
export const ProductAccessSection = ({ productId }: { productId: string }) => {
  const access = useProductAccess(productId);
  return (
    <LoadedDialogSection
      id="product-access-title"
      title="Who can see it"
      query={access}
      loadingLabel="Loading who can see it"
      errorText="Who can see the part could not be loaded."
    >
      {(data) => <AccessEditor key={productId} productId={productId} access={data} />}
    </LoadedDialogSection>
  );
};
