import { ProductNameLink } from '@/components/ui/product-name-link';
import { CardList, type CardLook } from '@/components/ui/card-list';
import { formatPrice } from '@forgeline/shared/money';
import { formatValue } from '@forgeline/shared/catalogue';
import type { BrowseResult } from '@forgeline/shared/schemas/catalogue';

const PART_ROWS: CardLook = {
  list: 'flex flex-col gap-3',
  card: 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm',
};

/**
 * The parts of a catalogue page, one row each: name, part number, price and the values an engineer
 * compares (in the page's unit). Rows, not cards: a list of similar parts is read down a column.
 */
export const PartsList = ({ result }: { result: BrowseResult }) => (
  <CardList items={result.products} listTestId="parts-list" testId="part-row" look={PART_ROWS}>
    {(product) => {
      const values = result.values[product._id] ?? {};
      return (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 className="text-base font-semibold leading-snug">
              <ProductNameLink product={product} />
            </h2>
            <p className="font-bold text-primary">$ {formatPrice(product.price)} / piece</p>
          </div>
          <p className="mt-0.5 font-mono text-sm text-base-content/80">{product.sku}</p>
          {result.attributes.some((attribute) => values[attribute.key] !== undefined) && (
            <dl className="mt-2 flex flex-wrap gap-1.5 text-xs">
              {result.attributes.map((attribute) => {
                const value = values[attribute.key];
                if (value === undefined) return null;
                return (
                  <div key={attribute.key} className="rounded bg-base-200 px-2 py-1">
                    <dt className="inline text-base-content/75">{attribute.label}: </dt>
                    <dd className="inline font-medium">{formatValue(attribute, value, result.unit)}</dd>
                  </div>
                );
              })}
            </dl>
          )}
          <p className="mt-2 text-xs text-base-content/75">
            Minimum order {product.minOrder} pcs · {product.availableQuantiity} in stock
          </p>
        </>
      );
    }}
  </CardList>
);
