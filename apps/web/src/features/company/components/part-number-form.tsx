import { useActionFailure } from '@/lib/use-action-failure';
import type { z } from 'zod';
import type { PartNumber, PartNumberBodySchema } from '@forgeline/shared/schemas/part-numbers';
import { FormField } from '@/components/ui/form-field';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useSetPartNumber } from '../api/part-numbers';
import { ItemForm } from './item-form';

const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.PartNumberBodySchema));
type PartNumberInput = z.input<typeof PartNumberBodySchema>;
type PartNumberValues = z.output<typeof PartNumberBodySchema>;

/** One mapping: your number for one of our parts (a part keeps one number; saving replaces it). */
export const PartNumberForm = ({ mapping, onDone }: { mapping?: PartNumber; onDone: () => void }) => {
  const save = useSetPartNumber();
  const { failure, attempt } = useActionFailure();
  const { field, submit } = useSchemaForm<PartNumberInput, PartNumberValues>(resolver, {
    defaultValues: { customerPartNumber: mapping?.customerPartNumber ?? '', sku: mapping?.sku ?? '' },
  });

  const savePartNumber = submit((body) =>
    attempt(async () => {
      await save.mutateAsync(body);
      onDone();
    }, 'The part number could not be saved.'),
  );

  return (
    <ItemForm
      {...savePartNumber}
      label={mapping ? `Edit your number for ${mapping.sku}` : 'New part number'}
      failure={failure}
      failureTestId="part-number-error"
      saving={save.isPending}
      submitText="Save part number"
      onDone={onDone}
    >
      <FormField
        label="Your part number"
        placeholder="DI-100-2231"
        autoComplete="off"
        {...field('customerPartNumber')}
      />
      <FormField
        label="Our part number"
        placeholder="FL-BLT-M12-50"
        autoComplete="off"
        readOnly={mapping !== undefined}
        hint={mapping ? mapping.productName : undefined}
        {...field('sku')}
      />
    </ItemForm>
  );
};
