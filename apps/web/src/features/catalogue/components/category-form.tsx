import { useForm } from 'react-hook-form';
import type { Category, CategoryBody, CategoryBodyInput } from '@forgeline/shared/schemas/catalogue';
import { Alert } from '@/components/ui/alert';
import { Field, FormField, errorProps } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/error-message';
import { lazyZodResolver } from '@/lib/lazy-resolver';

const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.CategoryBodySchema));

/**
 * A category's name, address name, parent, description and whether its lengths show in inches too:
 * adds one, or edits (renames, moves) `category`. A move that would make a loop is refused by the server.
 */
export const CategoryForm = ({
  category,
  categories,
  label,
  submitText,
  save,
  onCancel,
}: {
  category?: Category;
  categories: Category[];
  label: string;
  submitText: string;
  save: (body: CategoryBody) => Promise<unknown>;
  onCancel?: () => void;
}) => {
  const id = category?._id ?? 'new';
  const { register, handleSubmit, formState, setError, reset } = useForm<
    CategoryBodyInput,
    unknown,
    CategoryBody
  >({
    resolver,
    defaultValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      description: category?.description ?? '',
      parentId: category?.parentId ?? '',
      inches: category?.inches ?? false,
      position: category?.position ?? 0,
    },
  });
  const { errors } = formState;
  const submit = handleSubmit(async (body) => {
    try {
      await save(body);
      if (!category) reset();
    } catch (error) {
      setError('root', { message: errorMessage(error, 'The category could not be saved.') });
    }
  });
  return (
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={resolver.preload}
      noValidate
      aria-label={label}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h3 className="text-lg font-bold">{label}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message} {...register('name')} />
        <FormField
          label="Address name"
          hint="Lower-case words joined by dashes: ball-bearings"
          error={errors.slug?.message}
          {...register('slug')}
        />
      </div>
      <Field id={`parent-${id}`} label="Inside" error={errors.parentId?.message}>
        <select
          id={`parent-${id}`}
          className="select w-full"
          {...errorProps(`parent-${id}`, errors.parentId?.message)}
          {...register('parentId')}
        >
          <option value="">(top level)</option>
          {categories
            .filter((candidate) => candidate._id !== category?._id)
            .map((candidate) => (
              <option key={candidate._id} value={candidate._id}>
                {candidate.name}
              </option>
            ))}
        </select>
      </Field>
      <FormField label="Description" error={errors.description?.message} {...register('description')} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="checkbox checkbox-sm" {...register('inches')} />
        Lengths also in inches
      </label>
      <Alert>{errors.root?.message}</Alert>
      <div className="flex flex-wrap gap-2">
        <SubmitButton isLoading={formState.isSubmitting}>{submitText}</SubmitButton>
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
};
