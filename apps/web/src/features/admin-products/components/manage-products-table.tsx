import { formatPrice } from '@forgeline/shared/money';
import { isLowOnStock } from '@forgeline/shared/pricing';
import { thumbnailOf } from '@forgeline/shared/images';
import type { Product } from '@forgeline/shared/schemas/product';
import { DataTable } from '@/components/ui/data-table';
import { DANGER_BUTTON_CLASS } from '@/components/ui/alert';

type ManageProductsTableProps = {
  products: Product[];
  /** The No. of the first row (21 on page 2 of 20 a page). */
  firstNumber?: number;
  onUpdate: (product: Product) => void;
  onDelete: (product: Product) => void;
  deletingId?: string | null;
};

/** docs/product.md §2 'Manage Products table': photo, name, price, minimum order, Update and Delete. */
export const ManageProductsTable = ({
  products,
  firstNumber = 1,
  onUpdate,
  onDelete,
  deletingId,
}: ManageProductsTableProps) => (
  <DataTable
    label="Products table"
    stackBelow="2xl"
    columns={['No.', 'Photo', 'Name', 'Price', 'Minimum Order', 'Update', 'Delete']}
    rows={products}
    renderRow={(product, index) => (
      <tr key={product._id} data-testid="product-row" data-product-id={product._id}>
        <th scope="row" data-label="No.">
          {firstNumber + index}
        </th>
        <td data-label="Photo">
          <img
            src={thumbnailOf(product.img) ?? product.img}
            alt={product.name}
            width={64}
            height={48}
            loading="lazy"
            className="h-12 w-16 rounded object-cover"
          />
        </td>
        <td className="font-medium" data-label="Name">
          {product.name}
          {product.discontinued ? (
            <span className="badge badge-neutral ms-2 whitespace-nowrap font-semibold">Discontinued</span>
          ) : null}
          {isLowOnStock({ ...product, availableQuantity: product.availableQuantiity }) ? (
            <span
              className="badge badge-warning ms-2 whitespace-nowrap font-semibold"
              data-testid="low-stock"
            >
              Low stock: {product.availableQuantiity} pcs left
            </span>
          ) : null}
        </td>
        <td className="whitespace-nowrap" data-label="Price">
          $ {formatPrice(product.price)}
        </td>
        <td className="whitespace-nowrap" data-label="Minimum Order">
          {product.minOrder} pcs
        </td>
        <td data-action="update">
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => onUpdate(product)}
            aria-label={`Update ${product.name}`}
          >
            Update
          </button>
        </td>
        <td data-action="delete">
          <button
            type="button"
            className={DANGER_BUTTON_CLASS}
            onClick={() => onDelete(product)}
            disabled={deletingId === product._id}
            aria-label={`Delete ${product.name}`}
          >
            Delete
          </button>
        </td>
      </tr>
    )}
  />
);
