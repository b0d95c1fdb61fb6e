import { useWatch } from 'react-hook-form';
import { DELIVERY_KINDS, deliveryKindLabels } from '@forgeline/shared/delivery';
import type { DeliveryMethodDto, DeliveryZoneDto } from '@forgeline/shared/schemas/delivery';
import { CheckboxField, FormField, SelectField } from '@/components/ui/form-field';
import { FormStateActions } from '@/components/ui/form-actions';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useSaveMethod } from '../api/delivery';
import { methodResolver, methodValues, type MethodOutput, type MethodValues } from './method-values';
import { RateFields } from './rate-fields';
import { CardForm } from '@/components/ui/card-form';

type Props = { method?: DeliveryMethodDto; zones: DeliveryZoneDto[]; onDone: () => void };

/** Adds a method, or changes `method`: its name, kind, whether offered, and its rate per zone. */
export const MethodForm = ({ method, zones, onDone }: Props) => {
  const save = useSaveMethod();
  const { register, formState, control, field, submit } = useSchemaForm<MethodValues, MethodOutput>(
    methodResolver,
    { defaultValues: methodValues(method) },
  );
  const errors = formState.errors;
  const kind = useWatch({ control, name: 'kind' });
  const saveMethod = submit(
    async (body) => {
      const saved = await save.mutateAsync({ id: method?.id, body });
      toast.success(`The method ${saved.name} is saved`);
      onDone();
    },
    'The method could not be saved.',
    ['name', 'kind', 'rates'],
  );
  return (
    <CardForm {...saveMethod} title={method ? `Edit method ${method.name}` : 'Add a method'}>
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
