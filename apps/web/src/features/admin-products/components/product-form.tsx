import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LIMITS } from '@forgeline/shared/constants';
import type { Product, ProductBody } from '@forgeline/shared/schemas/product';
import { PART_PHOTO_PLACEHOLDER } from '@forgeline/shared/images';
import {
  CheckboxField,
  CountField,
  Field,
  FormField,
  MoneyField,
  SelectField,
  TextareaField,
  errorProps,
  fieldBinder,
} from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import type { productFormSchema } from '../schemas';
import { BackorderFields } from './backorder-fields';
import { SchemaForm } from '@/components/ui/card-form';

const MAX_MB = LIMITS.imageBytesMax / (1024 * 1024);

type ProductFormSchema = ReturnType<typeof productFormSchema>;
export type ProductFormInput = z.input<ProductFormSchema>;
export type ProductFormValues = z.output<ProductFormSchema>;

export type SaveResult = boolean | { imageError: string };

type ProductFormProps = {
  /** The product being edited; absent when adding one. */
  product?: Product;
  submitLabel: string;
  /**
   * Saves the product; `image` is the chosen file, null for 'no photo' (the placeholder shows), or
   * undefined when editing keeps the current photo. Answers
   * whether it was saved, or the reason the server refused the photo: that reason is shown under the
   * photo field, in place of any earlier one, so the form never shows two photo errors at once.
   */
  onSubmit: (fields: Omit<ProductBody, 'img'>, image: File | null | undefined) => Promise<SaveResult>;
  /** Upload progress, 0–100, or null when no upload runs. */
  progress?: number | null;
  idPrefix?: string;
};

/** The product fields of Add Product (docs/product.md §2) and of the Update dialog of Manage Products. */
export const ProductForm = ({
  product,
  submitLabel,
  onSubmit,
  progress = null,
  idPrefix = 'product',
}: ProductFormProps) => {
  const hadPhoto = product !== undefined && product.img !== PART_PHOTO_PLACEHOLDER;
  // A part may be listed before it is photographed: the shop then shows a placeholder.
  const [noPhoto, setNoPhoto] = useState(product !== undefined && !hadPhoto);
  const imageRequired = !noPhoto && !hadPhoto;
  // zod and the schema load on the first validation (docs/decisions/0042).
  const resolver = useMemo(
    () =>
      lazyZodResolver(() => import('../schemas').then((schemas) => schemas.productFormSchema(imageRequired))),
    [imageRequired],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver,
    defaultValues: product
      ? {
          name: product.name,
          price: product.price,
          minOrder: product.minOrder,
          availableQuantiity: product.availableQuantiity,
          lowStockThreshold: product.lowStockThreshold,
          weightGrams: product.weightGrams ?? '',
          taxCategory: product.taxCategory,
          allowBackorder: product.allowBackorder ?? false,
          leadTimeDays: product.leadTimeDays ?? '',
          description: product.description,
        }
      : {
          name: '',
          price: '',
          minOrder: '',
          availableQuantiity: '',
          lowStockThreshold: '10',
          weightGrams: '',
          taxCategory: 'standard',
          allowBackorder: false,
          leadTimeDays: '',
          description: '',
        },
  });
  const [preview, setPreview] = useState<string | null>(null);

  const submit = handleSubmit(async ({ image, ...fields }) => {
    const saved = await onSubmit(fields, noPhoto ? null : image?.[0]);
    if (typeof saved === 'object') {
      setError('image', { type: 'server', message: saved.imageError }, { shouldFocus: true });
      return;
    }
    if (saved && !product) {
      reset();
      setPreview(null);
      setNoPhoto(false);
    }
  });

  const id = (name: string) => `${idPrefix}-${name}`;
  const field = fieldBinder(register, errors);
  const imageField = register('image');

  return (
    <SchemaForm
      onSubmit={submit}
      onFocus={resolver.preload}
      className="grid gap-4 sm:grid-cols-2"
      aria-label={submitLabel}
    >
      <div className="sm:col-span-2">
        <FormField id={id('name')} label="Product Name" {...field('name')} />
      </div>
      <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
        <MoneyField id={id('price')} label="Price Per Unit" {...field('price')} />
        <CountField id={id('min-order')} label="Minimum Order Quantity" min="1" {...field('minOrder')} />
        <CountField id={id('available')} label="Available Quantity" {...field('availableQuantiity')} />
        <CountField
          id={id('low-stock')}
          label="Low-stock alert at (pcs)"
          hint="At or below this many pieces the admins get one e-mail and the product is marked low."
          {...field('lowStockThreshold')}
        />
        <CountField
          id={id('weight')}
          label="Weight of one piece (g)"
          hint="For delivery priced by weight; leave empty when not weighed."
          {...field('weightGrams')}
        />
        <SelectField
          id={id('tax-category')}
          label="Tax category"
          hint="Which tax rate the part bears: the shop's rates are set under Tax."
          {...field('taxCategory')}
        >
          <option value="standard">Standard rate</option>
          <option value="reduced">Reduced rate</option>
          <option value="exempt">Exempt (no tax)</option>
        </SelectField>
        <BackorderFields register={register} field={field} id={id} />
      </div>
      <div className="sm:col-span-2">
        <TextareaField
          id={id('description')}
          label="Description"
          className="h-28"
          {...field('description')}
        />
      </div>
      <div className="sm:col-span-2">
        <Field
          id={id('image')}
          label="Product Photo"
          error={errors.image?.message}
          hint={
            hadPhoto ? 'Leave empty to keep the current photo.' : `JPEG, PNG or WebP, at most ${MAX_MB} MB.`
          }
        >
          <input
            id={id('image')}
            type="file"
            accept="image/*"
            disabled={noPhoto}
            className="file-input w-full"
            {...errorProps(id('image'), errors.image?.message)}
            {...imageField}
            onChange={(event) => {
              void imageField.onChange(event);
              const file = event.target.files?.[0];
              setPreview((current) => {
                if (current) URL.revokeObjectURL(current);
                return file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
              });
            }}
          />
        </Field>
        <CheckboxField
          className="mt-2 cursor-pointer"
          label={hadPhoto ? 'Remove the photo: show a placeholder' : 'No photo yet: show a placeholder'}
          checked={noPhoto}
          onChange={(event) => setNoPhoto(event.target.checked)}
        />
      </div>
      {noPhoto || preview || product ? (
        <img
          src={noPhoto ? PART_PHOTO_PLACEHOLDER : (preview ?? product?.img)}
          alt={
            noPhoto
              ? 'No photo: the placeholder'
              : preview
                ? 'Preview of the chosen photo'
                : `Current photo of ${product?.name ?? 'the product'}`
          }
          width={144}
          height={112}
          className="h-28 w-36 rounded-box border border-base-300 object-cover"
        />
      ) : null}
      {progress !== null ? (
        <div className="flex flex-col gap-1 sm:col-span-2">
          <label htmlFor={id('progress')} className="text-sm font-semibold">
            Uploading the photo: {progress}%
          </label>
          <progress
            id={id('progress')}
            className="progress progress-primary w-full"
            value={progress}
            max={100}
          />
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <SubmitButton isLoading={isSubmitting}>{submitLabel}</SubmitButton>
      </div>
    </SchemaForm>
  );
};
