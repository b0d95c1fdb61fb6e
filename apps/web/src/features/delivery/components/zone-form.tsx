import type { DeliveryZoneBody, DeliveryZoneDto } from '@forgeline/shared/schemas/delivery';
import { FormField } from '@/components/ui/form-field';
import { FormStateActions } from '@/components/ui/form-actions';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/toast';
import { useSaveZone } from '../api/delivery';
import { CardForm } from '@/components/ui/card-form';

const resolver = lazyZodResolver(() =>
  import('../schemas').then((schemas) => schemas.DeliveryZoneBodySchema),
);

/** 'DE, AT us-il' → ['DE', 'AT', 'us-il'] (the schema upper-cases and checks each). */
const splitCodes = (value: unknown) =>
  Array.isArray(value)
    ? (value as string[])
    : String(value ?? '')
        .split(/[\s,;]+/)
        .filter(Boolean);

/** Adds a zone, or changes `zone`: a name and its countries (DE) or regions (US-IL). */
export const ZoneForm = ({ zone, onDone }: { zone?: DeliveryZoneDto; onDone: () => void }) => {
  const save = useSaveZone();
  const { register, formState, field, submit } = useSchemaForm<DeliveryZoneBody, DeliveryZoneBody>(resolver, {
    defaultValues: { name: zone?.name ?? '', destinations: zone ? [...zone.destinations] : [] },
  });
  const errors = formState.errors;
  const destinationsError =
    errors.destinations?.message ??
    (Array.isArray(errors.destinations) ? errors.destinations.find(Boolean)?.message : undefined);
  const saveZone = submit(
    async (body) => {
      const saved = await save.mutateAsync({ id: zone?.id, body });
      toast.success(`The zone ${saved.name} is saved`);
      onDone();
    },
    'The zone could not be saved.',
    ['name', 'destinations'],
  );
  return (
    <CardForm {...saveZone} title={zone ? `Edit zone ${zone.name}` : 'Add a zone'}>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Zone name" {...field('name')} />
        <FormField
          label="Countries and regions"
          hint="Country codes (DE) or a country and region (US-IL), separated by commas."
          autoCapitalize="characters"
          error={destinationsError}
          {...register('destinations', { setValueAs: splitCodes })}
        />
      </div>
      <FormStateActions
        formState={formState}
        submitText={zone ? 'Save zone' : 'Add zone'}
        onCancel={onDone}
      />
    </CardForm>
  );
};
