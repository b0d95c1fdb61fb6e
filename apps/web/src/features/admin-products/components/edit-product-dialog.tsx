import type { ReactNode } from 'react';
import { toast } from '@/lib/toast';
import type { Product, ProductBody } from '@forgeline/shared/schemas/product';
import { useUpdateProduct } from '../api/update-product';
import { ProductForm, type SaveResult } from './product-form';
import { useSaveWithPhoto } from './use-save-with-photo';
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
  const { progress, failure, save } = useSaveWithPhoto('Failed to update the Product');

  // null: no photo (the placeholder shows); undefined: the current one stays.
  const update = async (
    fields: Omit<ProductBody, 'img'>,
    image: File | null | undefined,
  ): Promise<SaveResult> =>
    product
      ? save(image ?? null, image === null ? null : product.img, async (img) => {
          await updateProduct.mutateAsync({ id: product._id, body: { ...fields, img } });
          toast.success('Product updated successfully');
          onClose();
        })
      : false;

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
          onSubmit={update}
          progress={progress}
          idPrefix="edit-product"
        />
      ) : null}
      <Alert className="mt-3">{failure}</Alert>
      {product && extra ? extra(product) : null}
    </ModalDialog>
  );
};
