import type { UseFormRegister, FieldErrors } from 'react-hook-form';
import type { CompanyBodyInput } from '@forgeline/shared/schemas/company';
import { LIMITS } from '@forgeline/shared/constants';
import { CountrySelect } from '@/components/ui/country-select';
import { fieldBinder, FormField } from '@/components/ui/form-field';

/** Legal name, tax ID and billing address: the new company form and the details editor ask the same. */
export const CompanyFields = ({
  register,
  errors,
}: {
  register: UseFormRegister<CompanyBodyInput>;
  errors: FieldErrors<CompanyBodyInput>;
}) => {
  const field = fieldBinder(register, errors);
  return (
    <>
      <FormField
        label="Legal name"
        autoComplete="organization"
        maxLength={LIMITS.companyNameMax}
        {...field('name')}
      />
      <FormField
        label="Tax ID (optional)"
        hint="VAT or tax number; spaces and dots are dropped."
        maxLength={LIMITS.taxIdMax}
        spellCheck={false}
        {...field('taxId')}
      />
      <FormField
        label="Billing address"
        autoComplete="street-address"
        maxLength={LIMITS.addressMax}
        {...field('billingAddress')}
      />
      <CountrySelect label="Country" {...field('country')} />
      <FormField label="State or region (US: required)" maxLength={3} {...field('region')} />
    </>
  );
};
