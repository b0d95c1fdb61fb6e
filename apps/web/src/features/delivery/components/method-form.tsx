import { useForm, useWatch } from 'react-hook-form';
import { DELIVERY_KINDS, deliveryKindLabels } from '@forgeline/shared/delivery';
import type { DeliveryMethodDto, DeliveryZoneDto } from '@forgeline/shared/schemas/delivery';
import { CheckboxField, fieldBinder, FormField, SelectField } from '@/components/ui/form-field';
import { FormStateActions } from '@/components/ui/form-actions';
import { toast } from '@/lib/toast';
import { useSaveMethod } from '../api/delivery';
import { methodResolver, methodValues, type MethodOutput, type MethodValues } from './method-values';
import { RateFields } from './rate-fields';
import { showRefusal } from '@/lib/form-refusal';
import { CardForm } from '@/components/ui/card-form';

type Props = { method?: DeliveryMethodDto; zones: DeliveryZoneDto[]; onDone: () => void };

/** Adds a method, or changes `method`: its name, kind, whether offered, and its rate per zone. */
export const MethodForm = ({ method, zones, onDone }: Props) => {
  const save = useSaveMethod();
  const { register, handleSubmit, formState, setError, control } = useForm<
    MethodValues,
    unknown,
    MethodOutput
  >({ resolver: methodResolver, defaultValues: methodValues(method) });
  const errors = formState.errors;
  const field = fieldBinder(register, errors);
  const kind = useWatch({ control, name: 'kind' });
  const submit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id: method?.id, body });
      toast.success(`The method ${saved.name} is saved`);
      onDone();
    } catch (error) {
      showRefusal(error, setError, ['name', 'kind', 'rates'], 'The method could not be saved.');
    }
  });
  const title = method ? `Edit method ${method.name}` : 'Add a method';
  return (
    <CardForm onSubmit={submit} onFocus={methodResolver.preload} aria-label={title} title={title}>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Method name" {...field('name')} />
        <SelectField id="delivery-method-kind" label="Kind" {...field('kind')}>
          {DELIVERY_KINDS.map((value) => (
            <option key={value} value={value}>
              {deliveryKindLabels[value]}
            </option>
          ))}
        </SelectField>
      </div>
      <CheckboxField label="Offered to buyers" {...register('active')} />
      <RateFields kind={kind} zones={zones} control={control} register={register} errors={errors} />
      <FormStateActions
        formState={formState}
        submitText={method ? 'Save method' : 'Add method'}
        onCancel={onDone}
      />
    </CardForm>
  );
};
