import type {
  PriceListBody,
  PriceListBodyInput,
  PriceListSummary,
} from '@forgeline/shared/schemas/price-list';
import { FormField, SelectField } from '@/components/ui/form-field';
import { FormStateActions } from '@/components/ui/form-actions';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
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
  const { formState, field, submit } = useSchemaForm<Values, PriceListBody>(resolver, {
    defaultValues: valuesOf(list),
  });

  return (
    <CardForm {...submit(save, 'The price list could not be saved.')} title={label}>
      <FormField label="Name" {...field('name')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Valid from" type="date" hint="Empty: from now on" {...field('validFrom')} />
        <FormField label="Valid to" type="date" hint="Empty: no end" {...field('validTo')} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Percentage off the list price"
          inputMode="decimal"
          hint="Like 30 or 12.5; empty: only the prices listed"
          {...field('percentOff')}
        />
        <SelectField id="price-list-scope" label="The percentage prices" {...field('ruleScope')}>
          <option value="all">Every part</option>
          <option value="listed">Only the parts listed without a price</option>
        </SelectField>
      </div>
      <FormStateActions formState={formState} submitText={submitText} onCancel={onCancel} />
    </CardForm>
  );
};
