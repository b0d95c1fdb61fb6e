import { formatValue } from '@forgeline/shared/catalogue';
import { useProductSpecs } from '../api/get-product-specs';
import { Breadcrumbs } from './breadcrumbs';

/** A part's category trail and its values, on its page (lengths also in inches where its category offers them). */
export const ProductSpecs = ({ productId }: { productId: string }) => {
  const specs = useProductSpecs(productId).data;
  if (!specs?.category) return null;
  return (
    <section aria-labelledby="specs-heading" className="mt-8">
      <Breadcrumbs trail={specs.breadcrumbs} />
      {specs.specs.length > 0 && (
        <>
          <h2 id="specs-heading" className="mt-2 text-xl font-bold">
            Specifications
          </h2>
          <table className="table table-sm mt-2 max-w-xl" data-testid="specs">
            <tbody>
              {specs.specs.map((spec) => (
                <tr key={spec.key}>
                  <th scope="row" className="font-medium">
                    {spec.label}
                  </th>
                  <td>
                    {formatValue(spec, spec.value)}
                    {specs.category?.inches && spec.unit === 'mm' && typeof spec.value === 'number'
                      ? ` (${formatValue(spec, spec.value, 'in')})`
                      : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
};
