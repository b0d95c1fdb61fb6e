import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import type { Product, ProductBody } from '@forgeline/shared/schemas/product';
import { actionFailed } from '@/lib/error-message';
import { photoRefused } from '../api/photo-refused';
import { uploadImage } from '../api/upload-image';
import { useUpdateProduct } from '../api/update-product';
import { ProductForm, type SaveResult } from './product-form';
import { Alert } from '@/components/ui/alert';
import { ModalDialog } from '@/components/ui/modal-header';

type EditProductDialogProps = {
  product: Product | null;
  onClose: () => void;
  /** More of the product to edit below its fields, saved on its own (the route's: who can see it). */
  extra?: (product: Product) => ReactNode;
};

/** The Update dialog of Manage Products: the product's fields, PUT /api/product/:id. */
export const EditProductDialog = ({ product, onClose, extra }: EditProductDialogProps) => {
  const updateProduct = useUpdateProduct();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (
    fields: Omit<ProductBody, 'img'>,
    image: File | null | undefined,
  ): Promise<SaveResult> => {
    if (!product) return false;
    setFailure(null);
    try {
      // null: no photo (the placeholder shows); undefined: the current one stays.
      let img = image === null ? null : product.img;
      if (image) {
        setProgress(0);
        try {
          img = (await uploadImage(image, { onProgress: setProgress })).data.url;
        } catch (error) {
          const refused = photoRefused(error);
          if (refused === null) throw error;
          toast.error('Failed to update the Product');
          return { imageError: refused };
        }
      }
      await updateProduct.mutateAsync({ id: product._id, body: { ...fields, img } });
      toast.success('Product updated successfully');
      onClose();
      return true;
    } catch (error) {
      setFailure(actionFailed('Failed to update the Product', error));
      toast.error('Failed to update the Product');
      return false;
    } finally {
      setProgress(null);
    }
  };

  return (
    <ModalDialog
      open={product !== null}
      titleId="edit-product-title"
      title={`Update ${product?.name ?? ''}`}
      headerClassName="mb-4"
      titleClassName="text-xl font-bold"
      boxClassName="max-w-2xl"
      onClose={onClose}
    >
      {product ? (
        <ProductForm
          key={product._id}
          product={product}
          submitLabel="Update Product"
          onSubmit={save}
          progress={progress}
          idPrefix="edit-product"
        />
      ) : null}
      <Alert className="mt-3">{failure}</Alert>
      {product && extra ? extra(product) : null}
    </ModalDialog>
  );
};
