import { useActionFailure } from '@/lib/use-action-failure';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { PartNumber, PartNumberBodySchema } from '@forgeline/shared/schemas/part-numbers';
import { fieldBinder, FormField } from '@/components/ui/form-field';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSetPartNumber } from '../api/part-numbers';
import { ItemForm } from './item-form';

const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.PartNumberBodySchema));
type PartNumberInput = z.input<typeof PartNumberBodySchema>;
type PartNumberValues = z.output<typeof PartNumberBodySchema>;

/** One mapping: your number for one of our parts (a part keeps one number; saving replaces it). */
export const PartNumberForm = ({ mapping, onDone }: { mapping?: PartNumber; onDone: () => void }) => {
  const save = useSetPartNumber();
  const { failure, attempt } = useActionFailure();
  const { register, handleSubmit, formState } = useForm<PartNumberInput, unknown, PartNumberValues>({
    resolver,
    defaultValues: { customerPartNumber: mapping?.customerPartNumber ?? '', sku: mapping?.sku ?? '' },
  });
  const errors = formState.errors;
  const field = fieldBinder(register, errors);

  const submit = handleSubmit(async (body) => {
    await attempt(async () => {
      await save.mutateAsync(body);
      onDone();
    }, 'The part number could not be saved.');
  });

  return (
    <ItemForm
      label={mapping ? `Edit your number for ${mapping.sku}` : 'New part number'}
      onSubmit={submit}
      onFocus={resolver.preload}
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
