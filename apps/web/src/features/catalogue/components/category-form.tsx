import type { Category, CategoryBody } from '@forgeline/shared/schemas/catalogue';
import { CheckboxField, FormField, SelectField } from '@/components/ui/form-field';
import { FormStateActions } from '@/components/ui/form-actions';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
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
  const { register, formState, reset, field, submit } = useSchemaForm(resolver, {
    defaultValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      description: category?.description ?? '',
      parentId: category?.parentId ?? '',
      inches: category?.inches ?? false,
      position: category?.position ?? 0,
    },
  });
  const saveCategory = submit(async (body) => {
    await save(body);
    if (!category) reset();
  }, 'The category could not be saved.');
  return (
    <CardForm {...saveCategory} title={label}>
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
