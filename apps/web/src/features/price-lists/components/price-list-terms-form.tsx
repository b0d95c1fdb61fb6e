import { useForm } from 'react-hook-form';
import type {
  PriceListBody,
  PriceListBodyInput,
  PriceListSummary,
} from '@forgeline/shared/schemas/price-list';
import { Field, FormField, errorProps } from '@/components/ui/form-field';
import { FormStateActions } from '@/components/ui/form-actions';
import { errorMessage } from '@/lib/error-message';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { CardForm } from '@/components/ui/card-form';

const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.PriceListBodySchema));

type Values = PriceListBodyInput;

const valuesOf = (list?: PriceListSummary): Values => ({
  name: list?.name ?? '',
  validFrom: list?.validFrom ?? '',
  validTo: list?.validTo ?? '',
  percentOff: list?.percentOff === null || list?.percentOff === undefined ? '' : String(list.percentOff),
  ruleScope: list?.ruleScope ?? 'all',
});

/**
 * A price list's terms: name, validity (either end open), and the rule, a percentage off the list
 * price for every part or only the parts listed without a price. Creates or edits, as `save` does.
 */
export const PriceListTermsForm = ({
  list,
  label,
  submitText,
  save,
  onCancel,
}: {
  list?: PriceListSummary;
  label: string;
  submitText: string;
  save: (body: PriceListBody) => Promise<unknown>;
  onCancel?: () => void;
}) => {
  const { register, handleSubmit, formState, setError } = useForm<Values, unknown, PriceListBody>({
    resolver,
    defaultValues: valuesOf(list),
  });
  const { errors } = formState;
  const submit = handleSubmit(async (body) => {
    try {
      await save(body);
    } catch (error) {
      setError('root', { message: errorMessage(error, 'The price list could not be saved.') });
    }
  });

  return (
    <CardForm onSubmit={submit} onFocus={resolver.preload} aria-label={label} title={label}>
      <FormField label="Name" error={errors.name?.message} {...register('name')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Valid from"
          type="date"
          hint="Empty: from now on"
          error={errors.validFrom?.message}
          {...register('validFrom')}
        />
        <FormField
          label="Valid to"
          type="date"
          hint="Empty: no end"
          error={errors.validTo?.message}
          {...register('validTo')}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Percentage off the list price"
          inputMode="decimal"
          hint="Like 30 or 12.5; empty: only the prices listed"
          error={errors.percentOff?.message}
          {...register('percentOff')}
        />
        <Field id="price-list-scope" label="The percentage prices" error={errors.ruleScope?.message}>
          <select
            id="price-list-scope"
            className="select w-full"
            {...errorProps('price-list-scope', errors.ruleScope?.message)}
            {...register('ruleScope')}
          >
            <option value="all">Every part</option>
            <option value="listed">Only the parts listed without a price</option>
          </select>
        </Field>
      </div>
      <FormStateActions formState={formState} submitText={submitText} onCancel={onCancel} />
    </CardForm>
  );
};
