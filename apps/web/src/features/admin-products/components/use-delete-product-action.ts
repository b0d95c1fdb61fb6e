import type { Product } from '@forgeline/shared/schemas/product';
import { confirmDialog } from '@/lib/dialogs';
import { actionFailed } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useDeleteProduct } from '../api/delete-product';

/** Manage Products' Delete: the spec's 'Are you sure?', then a toast that says it went or why it failed. */
export const useDeleteProductAction = () => {
  const deleteProduct = useDeleteProduct();
  const onDelete = async (product: Pick<Product, '_id'>) => {
    if (!(await confirmDialog('Yes, delete it!'))) return;
    try {
      await deleteProduct.mutateAsync(product._id);
      toast.success('Product deleted successfully');
    } catch (error) {
      toast.error(actionFailed('Failed to delete the Product', error));
    }
  };
  /** The product being deleted: its buttons wait. */
  const deletingId = deleteProduct.isPending ? (deleteProduct.variables ?? null) : null;
  return { onDelete, deletingId };
};
