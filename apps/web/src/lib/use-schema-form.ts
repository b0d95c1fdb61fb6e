import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import { fieldBinder } from '@/components/ui/form-field';
import { showRefusal } from './form-refusal';
import type { LazyResolver } from './lazy-resolver';

/**
 * react-hook-form checked by a lazily loaded zod schema (`lazyZodResolver`, docs/decisions/0042), with
 * what each such form wires alike. Besides useForm's own: `field` binds a value to its FormField
 * (`fieldBinder`), and `submit(save, failure, fields)` is what its SchemaForm, CardForm or plain form
 * takes: `onSubmit` hands the valid values to `save`, and a first focus starts loading the schema.
 * With `failure`, what `save` throws is the server's refusal: its per-field messages for `fields` under
 * those fields, its message (else `failure`) in the form's alert (`errors.root`, as FormStateActions
 * shows it). Without, `save` shows its own failures.
 */
export const useSchemaForm = <Input extends FieldValues, Output>(
  resolver: LazyResolver<Input, Output>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
) => {
  const form = useForm<Input, unknown, Output>({ ...options, resolver });
  const { handleSubmit, setError } = form;
  const submit = (
    save: (values: Output) => Promise<unknown>,
    failure?: string,
    fields: readonly string[] = [],
  ) => ({
    onSubmit: handleSubmit(async (values) => {
      try {
        await save(values);
      } catch (error) {
        if (failure === undefined) throw error;
        showRefusal(error, setError, fields, failure);
      }
    }),
    onFocus: resolver.preload,
  });
  return { ...form, field: fieldBinder(form.register, form.formState.errors), submit };
};
