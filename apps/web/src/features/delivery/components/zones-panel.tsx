import { useState } from 'react';
import type { DeliveryZoneDto } from '@forgeline/shared/schemas/delivery';
import { countryName } from '@forgeline/shared/countries';
import { Alert } from '@/components/ui/alert';
import { EditDeleteButtons } from '@/components/ui/edit-delete-buttons';
import { confirmDialog } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useDeleteZone } from '../api/delivery';
import { ZoneForm } from './zone-form';

/** 'DE' → 'Germany (DE)', 'US-IL' → 'United States, IL (US-IL)'. */
const destinationName = (code: string) => {
  const [country = code, region] = code.split('-');
  return `${countryName(country)}${region ? `, ${region}` : ''} (${code})`;
};

const ZoneItem = ({ zone, onEdit }: { zone: DeliveryZoneDto; onEdit: () => void }) => {
  const remove = useDeleteZone();
  const [refusal, setRefusal] = useState('');
  const onDelete = async () => {
    setRefusal('');
    if (!(await confirmDialog('Delete', `The zone ${zone.name} is deleted.`))) return;
    try {
      await remove.mutateAsync(zone.id);
      toast.success(`The zone ${zone.name} is deleted`);
    } catch (error) {
      setRefusal(errorMessage(error, 'The zone could not be deleted.'));
    }
  };
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="delivery-zone">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">{zone.name}</p>
          <p className="text-sm break-words text-base-content/75">
            {zone.destinations.map(destinationName).join(', ')}
          </p>
        </div>
        <div className="flex gap-2">
          <EditDeleteButtons
            name={`zone ${zone.name}`}
            onEdit={onEdit}
            onDelete={() => void onDelete()}
            deleting={remove.isPending}
          />
        </div>
      </div>
      <Alert>{refusal}</Alert>
    </li>
  );
};

/** The zones, each with Edit and Delete, and 'Add a zone'. */
export const ZonesPanel = ({ zones }: { zones: DeliveryZoneDto[] }) => {
  // 'new', a zone's id being edited, or nothing.
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section aria-labelledby="delivery-zones" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="delivery-zones" className="text-xl font-bold">
          Zones
        </h3>
        {editing === 'new' ? null : (
          <button type="button" className="btn btn-sm btn-outline" onClick={() => setEditing('new')}>
            Add a zone
          </button>
        )}
      </div>
      {editing === 'new' ? <ZoneForm onDone={() => setEditing(null)} /> : null}
      {zones.length === 0 ? (
        <p className="text-sm text-base-content/75">No zones yet: a method is priced per zone.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100 px-4">
          {zones.map((zone) =>
            editing === zone.id ? (
              <li key={zone.id} className="py-3">
                <ZoneForm zone={zone} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <ZoneItem key={zone.id} zone={zone} onEdit={() => setEditing(zone.id)} />
            ),
          )}
        </ul>
      )}
    </section>
  );
};
