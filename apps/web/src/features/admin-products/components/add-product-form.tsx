import { useState } from 'react';
import { toast } from 'react-toastify';
import { messages, type ProductBody } from '@forgeline/shared';
import { errorMessage } from '@/lib/error-message';
import { uploadImage } from '../api/upload-image';
import { useCreateProduct } from '../api/create-product';
import { ProductForm } from './product-form';
import { Alert } from '@/components/ui/alert';

/** Add Product (SPEC.md §2, §8, §9): upload the photo with progress, then POST /api/product. */
export const AddProductForm = () => {
  const createProduct = useCreateProduct();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (fields: Omit<ProductBody, 'img'>, image: File | undefined) => {
    if (!image) return false;
    setFailure(null);
    try {
      setProgress(0);
      const uploaded = await uploadImage(image, { onProgress: setProgress });
      await createProduct.mutateAsync({ ...fields, img: uploaded.data.url });
      toast.success(messages.productAdded);
      return true;
    } catch (error) {
      toast.error(messages.addProductFailed);
      setFailure(errorMessage(error, messages.addProductFailed));
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
