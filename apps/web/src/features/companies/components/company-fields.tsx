import type { UseFormRegister, FieldErrors } from 'react-hook-form';
import type { CompanyBodyInput } from '@forgeline/shared/schemas/company';
import { LIMITS } from '@forgeline/shared/constants';
import { CountrySelect } from '@/components/ui/country-select';
import { FormField } from '@/components/ui/form-field';

/** Legal name, tax ID and billing address: the new company form and the details editor ask the same. */
export const CompanyFields = ({
  register,
  errors,
}: {
  register: UseFormRegister<CompanyBodyInput>;
  errors: FieldErrors<CompanyBodyInput>;
}) => (
  <>
    <FormField
      label="Legal name"
      autoComplete="organization"
      maxLength={LIMITS.companyNameMax}
      error={errors.name?.message}
      {...register('name')}
    />
    <FormField
      label="Tax ID (optional)"
      hint="VAT or tax number; spaces and dots are dropped."
      maxLength={LIMITS.taxIdMax}
      spellCheck={false}
      error={errors.taxId?.message}
      {...register('taxId')}
    />
    <FormField
      label="Billing address"
      autoComplete="street-address"
      maxLength={LIMITS.addressMax}
      error={errors.billingAddress?.message}
      {...register('billingAddress')}
    />
    <CountrySelect label="Country" error={errors.country?.message} {...register('country')} />
    <FormField
      label="State or region (US: required)"
      maxLength={3}
      error={errors.region?.message}
      {...register('region')}
    />
  </>
);
