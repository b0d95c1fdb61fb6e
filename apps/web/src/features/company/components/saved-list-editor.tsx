import { useId, useState } from 'react';
import { useActionFailure } from '@/lib/use-action-failure';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Product } from '@forgeline/shared/schemas/product';
import type { SavedList, SavedListBodySchema } from '@forgeline/shared/schemas/company';
import { ErrorText, fieldBinder, FormField } from '@/components/ui/form-field';
import { PartCombobox, type SearchParts } from '@/components/ui/part-combobox';
import { FormActions } from '@/components/ui/form-actions';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSaveList } from '../api/saved-lists';
import { CardForm } from '@/components/ui/card-form';

const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.SavedListBodySchema));
type ListInput = z.input<typeof SavedListBodySchema>;
type ListValues = z.output<typeof SavedListBodySchema>;

/** A new list, or a list renamed and its lines changed: parts by the catalogue's picker, with quantities. */
export const SavedListEditor = ({
  list,
  searchParts,
  onDone,
}: {
  list?: SavedList;
  searchParts: SearchParts;
  onDone: () => void;
}) => {
  const pickerId = useId();
  const save = useSaveList();
  const { failure, attempt } = useActionFailure();
  // What each line shows; the body carries only product ids and quantities.
  const [labels, setLabels] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      (list?.lines ?? []).map((line) => [line.productId, `${line.sku ?? ''} · ${line.name}`]),
    ),
  );
  // The editor's lines always carry a product id (picked in the catalogue); the API also takes part numbers.
  const labelOf = (productId: string | undefined) =>
    (productId === undefined ? undefined : labels[productId]) ?? productId ?? '';
  const [picked, setPicked] = useState<Product | null>(null);
  // A new key empties the picker after a part is added.
  const [pickerKey, setPickerKey] = useState(0);
  const { register, handleSubmit, formState, control, getValues, setValue } = useForm<
    ListInput,
    unknown,
    ListValues
  >({
    resolver,
    defaultValues: {
      name: list?.name ?? '',
      lines: (list?.lines ?? []).map(({ productId, quantity }) => ({ productId, quantity })),
    },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const errors = formState.errors;
  const field = fieldBinder(register, errors);

  const addPicked = () => {
    if (!picked) return;
    const at = getValues('lines').findIndex((line) => line.productId === picked._id);
    // A part already listed keeps one line: its quantity grows by the part's minimum.
    if (at >= 0)
      setValue(`lines.${at}.quantity`, Number(getValues(`lines.${at}.quantity`)) + picked.minOrder);
    else append({ productId: picked._id, quantity: picked.minOrder });
    setLabels((now) => ({ ...now, [picked._id]: `${picked.sku} · ${picked.name}` }));
    setPicked(null);
    setPickerKey((key) => key + 1);
  };

  const submit = handleSubmit(async (body) => {
    await attempt(async () => {
      await save.mutateAsync({ ...(list && { id: list.id }), body });
      onDone();
    }, 'The list could not be saved.');
  });

  return (
    <CardForm
      onSubmit={submit}
      onFocus={resolver.preload}
      aria-label={list ? `Edit ${list.name}` : 'New list'}
    >
      <FormField label="List name" {...field('name')} />
      <ul className="flex flex-col gap-2" aria-label="Parts of the list">
        {fields.map((field, index) => (
          <li key={field.id} className="flex flex-wrap items-start gap-2" data-testid="list-line">
            <span className="min-w-0 flex-1 basis-48 pt-2 break-words">{labelOf(field.productId)}</span>
            <span className="w-28">
              <input
                type="number"
                min={1}
                className="input w-full"
                aria-label={`Quantity of ${labelOf(field.productId)}`}
                {...register(`lines.${index}.quantity`, { valueAsNumber: true })}
              />
              <ErrorText>{errors.lines?.[index]?.quantity?.message}</ErrorText>
            </span>
            <button
              type="button"
              className="btn btn-sm btn-ghost mt-1"
              aria-label={`Remove ${labelOf(field.productId)}`}
              onClick={() => remove(index)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <ErrorText>{errors.lines?.message ?? errors.lines?.root?.message}</ErrorText>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
          <label htmlFor={pickerId} className="text-sm font-semibold">
            Add a part
          </label>
          <PartCombobox
            key={pickerKey}
            id={pickerId}
            selected={picked}
            onSelect={setPicked}
            search={searchParts}
          />
        </div>
        <button type="button" className="btn btn-outline" disabled={!picked} onClick={addPicked}>
          Add to list
        </button>
      </div>
      <FormActions
        failure={failure}
        failureTestId="list-error"
        saving={save.isPending}
        submitText="Save list"
        onCancel={onDone}
      />
    </CardForm>
  );
};
