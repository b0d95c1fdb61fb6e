import { toast } from '@/lib/toast';
import { messages } from '@forgeline/shared/messages';
import type { ProductBody } from '@forgeline/shared/schemas/product';
import { useCreateProduct } from '../api/create-product';
import { ProductForm, type SaveResult } from './product-form';
import { useSaveWithPhoto } from './use-save-with-photo';
import { Alert } from '@/components/ui/alert';

/** Add Product (docs/product.md §2, §8, §9): upload the photo with progress, then POST /api/product. */
export const AddProductForm = () => {
  const createProduct = useCreateProduct();
  const { progress, failure, save } = useSaveWithPhoto(messages.addProductFailed);

  // No file: the part is listed without a photo, and the placeholder shows.
  const add = async (
    fields: Omit<ProductBody, 'img'>,
    image: File | null | undefined,
  ): Promise<SaveResult> =>
    image === undefined
      ? false
      : save(image, null, async (img) => {
          await createProduct.mutateAsync({ ...fields, img });
          toast.success(messages.productAdded);
        });

  return (
    <div className="flex flex-col gap-3">
      <ProductForm submitLabel="Add Product" onSubmit={add} progress={progress} idPrefix="add-product" />
      <Alert>{failure}</Alert>
    </div>
  );
};
