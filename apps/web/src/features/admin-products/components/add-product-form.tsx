import { useState } from 'react';
import { toast } from '@/lib/toast';
import { messages } from '@forgeline/shared/messages';
import type { ProductBody } from '@forgeline/shared/schemas/product';
import { actionFailed } from '@/lib/error-message';
import { photoRefused } from '../api/photo-refused';
import { uploadImage } from '../api/upload-image';
import { useCreateProduct } from '../api/create-product';
import { ProductForm, type SaveResult } from './product-form';
import { Alert } from '@/components/ui/alert';

/** Add Product (docs/product.md §2, §8, §9): upload the photo with progress, then POST /api/product. */
export const AddProductForm = () => {
  const createProduct = useCreateProduct();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (
    fields: Omit<ProductBody, 'img'>,
    image: File | null | undefined,
  ): Promise<SaveResult> => {
    if (image === undefined) return false;
    setFailure(null);
    try {
      let img: string | null = null;
      // No file: the part is listed without a photo, and the placeholder shows.
      if (image) {
        try {
          setProgress(0);
          img = (await uploadImage(image, { onProgress: setProgress })).data.url;
        } catch (error) {
          const refused = photoRefused(error);
          if (refused === null) throw error;
          // The photo's own fault: said once, under the photo field (not again in the alert below).
          toast.error(messages.addProductFailed);
          return { imageError: refused };
        }
      }
      await createProduct.mutateAsync({ ...fields, img });
      toast.success(messages.productAdded);
      return true;
    } catch (error) {
      toast.error(messages.addProductFailed);
      setFailure(actionFailed(messages.addProductFailed, error));
      return false;
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <ProductForm submitLabel="Add Product" onSubmit={save} progress={progress} idPrefix="add-product" />
      <Alert>{failure}</Alert>
    </div>
  );
};
