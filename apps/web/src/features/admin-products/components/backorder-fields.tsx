import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { LEAD_TIME_DAYS_MAX } from '@forgeline/shared/backorders';
import { Field, errorProps } from '@/components/ui/form-field';
import type { ProductFormInput } from './product-form';

type BackorderFieldsProps = {
  register: UseFormRegister<ProductFormInput>;
  errors: FieldErrors<ProductFormInput>;
  id: (name: string) => string;
};

/**
 * Whether the part may be ordered beyond its stock, and its lead time (docs/decisions/0238): buyers then
 * read 'ships in about N days' for the pieces short, and the next stock increase fills them oldest first.
 */
export const BackorderFields = ({ register, errors, id }: BackorderFieldsProps) => (
  <>
    <div className="flex flex-col gap-1">
      <span className="text-sm font-semibold">Back-orders</span>
      <label
        htmlFor={id('allow-backorder')}
        className="flex min-h-10 cursor-pointer items-center gap-2 text-sm"
      >
        <input
          id={id('allow-backorder')}
          type="checkbox"
          className="checkbox checkbox-sm"
          {...register('allowBackorder')}
        />
        Allow orders beyond the stock
      </label>
    </div>
    <Field
      id={id('lead-time')}
      label="Lead time (days)"
      hint="How long a back-ordered piece takes: buyers read 'ships in about N days'."
      error={errors.leadTimeDays?.message}
    >
      <input
        id={id('lead-time')}
        type="number"
        inputMode="numeric"
        step="1"
        min="1"
        max={LEAD_TIME_DAYS_MAX}
        className="input w-full"
        {...errorProps(id('lead-time'), errors.leadTimeDays?.message)}
        {...register('leadTimeDays')}
      />
    </Field>
  </>
);
