import type { TaxRateBody, TaxRateBodyInput } from '@forgeline/shared/schemas/tax';
import { Alert } from '@/components/ui/alert';
import { FormField, SelectField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/toast';
import { useCreateTaxRate } from '../api/tax';
import { CountrySelect } from '@/components/ui/country-select';
import { CardForm } from '@/components/ui/card-form';

const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.TaxRateBodySchema));

/** 'Add a rate': country, region, category, percent, name, validity → POST /tax/rates. */
export const RateForm = () => {
  const create = useCreateTaxRate();
  const { formState, reset, field, submit } = useSchemaForm<TaxRateBodyInput, TaxRateBody>(resolver, {
    defaultValues: { country: '', region: '', category: 'standard', name: '', validFrom: '', validTo: '' },
  });
  const add = submit(async (body) => {
    const rate = await create.mutateAsync(body);
    toast.success(
      `${rate.name} (${rate.rate} %) is saved for ${rate.region ? `${rate.country}-${rate.region}` : rate.country}`,
    );
    reset();
  }, 'The rate could not be saved.');
  return (
    <CardForm {...add} aria-label="Add a tax rate" title="Add a rate">
      <div className="grid gap-3 sm:grid-cols-2">
        <CountrySelect label="Country" {...field('country')} />
        <FormField
          label="Region (optional)"
          hint="A US state, e.g. IL; empty for the whole country."
          maxLength={3}
          {...field('region')}
        />
        <SelectField id="tax-rate-category" label="Category" {...field('category')}>
          <option value="standard">Standard</option>
          <option value="reduced">Reduced</option>
        </SelectField>
        <FormField
          label="Rate (%)"
          inputMode="decimal"
          {...field('rate', { setValueAs: (value: string) => (value === '' ? undefined : Number(value)) })}
        />
        <FormField label="Name" hint="As the invoice shows it, e.g. VAT." {...field('name')} />
        <FormField label="Valid from" type="date" {...field('validFrom')} />
        <FormField
          label="Valid to (optional)"
          type="date"
          hint="Empty: until another rate replaces it."
          {...field('validTo')}
        />
      </div>
      <Alert>{formState.errors.root?.message}</Alert>
      <div>
        <SubmitButton isLoading={formState.isSubmitting}>Add rate</SubmitButton>
      </div>
    </CardForm>
  );
};
