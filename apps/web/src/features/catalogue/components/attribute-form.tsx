import { ATTRIBUTE_UNITS } from '@forgeline/shared/catalogue';
import type { AttributeBody } from '@forgeline/shared/schemas/catalogue';
import { Alert } from '@/components/ui/alert';
import { FormField, SelectField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { SchemaForm } from '@/components/ui/card-form';

const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.AttributeBodySchema));

/** A new typed attribute of a category: its key in the address, its label, type, unit or options. */
export const AttributeForm = ({
  categoryId,
  save,
}: {
  categoryId: string;
  save: (body: AttributeBody) => Promise<unknown>;
}) => {
  const { formState, reset, field, submit } = useSchemaForm(resolver, {
    defaultValues: { key: '', label: '', type: 'number', unit: '', options: '', position: 0 },
  });
  const add = submit(async (body) => {
    await save(body);
    reset();
  }, 'The attribute could not be added.');
  return (
    <SchemaForm {...add} aria-label="Add an attribute" className="grid gap-2 sm:grid-cols-2">
      <FormField label="Key" hint="bore, seal, stainless" {...field('key')} />
      <FormField label="Label" {...field('label')} />
      <SelectField id={`attribute-type-${categoryId}`} label="Type" className="select-sm" {...field('type')}>
        <option value="number">Number with a unit</option>
        <option value="choice">One of a list</option>
        <option value="boolean">Yes or no</option>
      </SelectField>
      <SelectField
        id={`attribute-unit-${categoryId}`}
        label="Unit (numbers)"
        className="select-sm"
        {...field('unit')}
      >
        <option value="">(none)</option>
        {ATTRIBUTE_UNITS.map((unit) => (
          <option key={unit} value={unit}>
            {unit}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">
        <FormField label="Options (a list)" hint="Separated by commas: Open, ZZ, 2RS" {...field('options')} />
      </div>
      <Alert>{formState.errors.root?.message}</Alert>
      <div className="sm:col-span-2">
        <SubmitButton isLoading={formState.isSubmitting}>Add attribute</SubmitButton>
      </div>
    </SchemaForm>
  );
};
