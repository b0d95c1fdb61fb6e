import { useForm } from 'react-hook-form';
import type { DeliveryZoneBody, DeliveryZoneDto } from '@forgeline/shared/schemas/delivery';
import { fieldBinder, FormField } from '@/components/ui/form-field';
import { FormStateActions } from '@/components/ui/form-actions';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { toast } from '@/lib/toast';
import { useSaveZone } from '../api/delivery';
import { showRefusal } from '@/lib/form-refusal';
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
  const { register, handleSubmit, formState, setError } = useForm<
    DeliveryZoneBody,
    unknown,
    DeliveryZoneBody
  >({
    resolver,
    defaultValues: { name: zone?.name ?? '', destinations: zone ? [...zone.destinations] : [] },
  });
  const errors = formState.errors;
  const field = fieldBinder(register, errors);
  const destinationsError =
    errors.destinations?.message ??
    (Array.isArray(errors.destinations) ? errors.destinations.find(Boolean)?.message : undefined);
  const submit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id: zone?.id, body });
      toast.success(`The zone ${saved.name} is saved`);
      onDone();
    } catch (error) {
      showRefusal(error, setError, ['name', 'destinations'], 'The zone could not be saved.');
    }
  });
  const title = zone ? `Edit zone ${zone.name}` : 'Add a zone';
  return (
    <CardForm onSubmit={submit} onFocus={resolver.preload} aria-label={title} title={title}>
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
