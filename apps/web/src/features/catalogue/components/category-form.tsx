import { useForm } from 'react-hook-form';
import type { Category, CategoryBody, CategoryBodyInput } from '@forgeline/shared/schemas/catalogue';
import { CheckboxField, FormField, SelectField, fieldBinder } from '@/components/ui/form-field';
import { FormStateActions } from '@/components/ui/form-actions';
import { errorMessage } from '@/lib/error-message';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { CardForm } from '@/components/ui/card-form';

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
  const field = fieldBinder(register, formState.errors);
  const submit = handleSubmit(async (body) => {
    try {
      await save(body);
      if (!category) reset();
    } catch (error) {
      setError('root', { message: errorMessage(error, 'The category could not be saved.') });
    }
  });
  return (
    <CardForm onSubmit={submit} onFocus={resolver.preload} aria-label={label} title={label}>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Name" {...field('name')} />
        <FormField
          label="Address name"
          hint="Lower-case words joined by dashes: ball-bearings"
          {...field('slug')}
        />
      </div>
      <SelectField id={`parent-${id}`} label="Inside" {...field('parentId')}>
        <option value="">(top level)</option>
        {categories
          .filter((candidate) => candidate._id !== category?._id)
          .map((candidate) => (
            <option key={candidate._id} value={candidate._id}>
              {candidate.name}
            </option>
          ))}
      </SelectField>
      <FormField label="Description" {...field('description')} />
      <CheckboxField label="Lengths also in inches" {...register('inches')} />
      <FormStateActions formState={formState} submitText={submitText} onCancel={onCancel} />
    </CardForm>
  );
};
