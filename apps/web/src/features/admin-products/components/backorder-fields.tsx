import type { UseFormRegister } from 'react-hook-form';
import { LEAD_TIME_DAYS_MAX } from '@forgeline/shared/backorders';
import { CheckboxField, CountField, type fieldBinder } from '@/components/ui/form-field';
import type { ProductFormInput } from './product-form';

type BackorderFieldsProps = {
  register: UseFormRegister<ProductFormInput>;
  /** The product form's `fieldBinder`. */
  field: ReturnType<typeof fieldBinder<ProductFormInput>>;
  id: (name: string) => string;
};

/**
 * Whether the part may be ordered beyond its stock, and its lead time (docs/decisions/0238): buyers then
 * read 'ships in about N days' for the pieces short, and the next stock increase fills them oldest first.
 */
export const BackorderFields = ({ register, field, id }: BackorderFieldsProps) => (
  <>
    <div className="flex flex-col gap-1">
      <span className="text-sm font-semibold">Back-orders</span>
      <CheckboxField
        id={id('allow-backorder')}
        label="Allow orders beyond the stock"
        className="min-h-10 cursor-pointer"
        {...register('allowBackorder')}
      />
    </div>
    <CountField
      id={id('lead-time')}
      label="Lead time (days)"
      hint="How long a back-ordered piece takes: buyers read 'ships in about N days'."
      min="1"
      max={LEAD_TIME_DAYS_MAX}
      {...field('leadTimeDays')}
    />
  </>
);
