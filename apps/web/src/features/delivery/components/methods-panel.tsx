import { useState } from 'react';
import { deliveryKindLabels } from '@forgeline/shared/delivery';
import type { DeliveryMethodDto, DeliveryZoneDto } from '@forgeline/shared/schemas/delivery';
import { Alert } from '@/components/ui/alert';
import { EditDeleteButtons } from '@/components/ui/edit-delete-buttons';
import { confirmDialog } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useDeleteMethod } from '../api/delivery';
import { rateInWords } from '../rate-words';
import { MethodForm } from './method-form';

type ItemProps = { method: DeliveryMethodDto; zones: DeliveryZoneDto[]; onEdit: () => void };

const MethodItem = ({ method, zones, onEdit }: ItemProps) => {
  const remove = useDeleteMethod();
  const [refusal, setRefusal] = useState('');
  const onDelete = async () => {
    setRefusal('');
    if (!(await confirmDialog('Delete', 'Orders placed keep the delivery they were charged.'))) return;
    try {
      await remove.mutateAsync(method.id);
      toast.success(`The method ${method.name} is deleted`);
    } catch (error) {
      setRefusal(errorMessage(error, 'The method could not be deleted.'));
    }
  };
  const zoneName = (id: string) => zones.find((zone) => zone.id === id)?.name ?? 'A deleted zone';
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="delivery-method">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">
            {method.name}
            {method.active ? null : <span className="badge badge-ghost badge-sm ml-2">Not offered</span>}
          </p>
          <p className="text-sm text-base-content/75">{deliveryKindLabels[method.kind]}</p>
        </div>
        <div className="flex gap-2">
          <EditDeleteButtons
            name={`method ${method.name}`}
            onEdit={onEdit}
            onDelete={() => void onDelete()}
            deleting={remove.isPending}
          />
        </div>
      </div>
      {method.kind === 'collection' ? (
        <p className="text-sm">Collection, every destination</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {method.rates.map((rate) => (
            <li key={rate.zoneId} className="break-words">
              <span className="font-medium">{zoneName(rate.zoneId)}:</span> {rateInWords(method.kind, rate)}
            </li>
          ))}
        </ul>
      )}
      <Alert>{refusal}</Alert>
    </li>
  );
};

/** The methods, each with its rates per zone in words, Edit and Delete, and 'Add a method'. */
export const MethodsPanel = ({
  methods,
  zones,
}: {
  methods: DeliveryMethodDto[];
  zones: DeliveryZoneDto[];
}) => {
  // 'new', a method's id being edited, or nothing.
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section aria-labelledby="delivery-methods" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="delivery-methods" className="text-xl font-bold">
          Methods
        </h3>
        {editing === 'new' ? null : (
          <button type="button" className="btn btn-sm btn-outline" onClick={() => setEditing('new')}>
            Add a method
          </button>
        )}
      </div>
      {editing === 'new' ? <MethodForm zones={zones} onDone={() => setEditing(null)} /> : null}
      {methods.length === 0 ? (
        <p className="text-sm text-base-content/75">
          No methods yet: checkout asks for none until one is offered.
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100 px-4">
          {methods.map((method) =>
            editing === method.id ? (
              <li key={method.id} className="py-3">
                <MethodForm method={method} zones={zones} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <MethodItem
                key={method.id}
                method={method}
                zones={zones}
                onEdit={() => setEditing(method.id)}
              />
            ),
          )}
        </ul>
      )}
    </section>
  );
};
