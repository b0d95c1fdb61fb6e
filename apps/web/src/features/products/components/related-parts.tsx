import { thumbnailOf } from '@forgeline/shared/images';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useRelatedParts } from '../api/get-related-parts';

const KIND_LABELS = { accessory: 'Accessory', alternative: 'Alternative' } as const;

/** Accessories and alternatives the admin chose, in their order; a discontinued one is shown marked. */
export const RelatedParts = ({ productId }: { productId: string }) => {
  const related = useRelatedParts(productId).data ?? [];
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-8">
      <h2 id="related-heading" className="text-xl font-bold">
        Related parts
      </h2>
      <ul className="mt-3 grid max-w-4xl gap-3 sm:grid-cols-2">
        {related.map((part) => (
          <li
            key={part._id}
            className="flex items-center gap-3 rounded-box border border-base-300 p-2"
            data-testid="related-part"
          >
            <img
              src={thumbnailOf(part.img) ?? part.img}
              alt=""
              width={64}
              height={48}
              loading="lazy"
              className="h-12 w-16 shrink-0 rounded object-cover"
            />
            <div className="min-w-0">
              <Link to={paths.product.getHref(part._id)} className="link font-medium break-words">
                {part.name}
              </Link>
              <span className="block text-sm text-base-content/75">
                {KIND_LABELS[part.kind]} · {part.sku}
                {part.discontinued ? (
                  <span className="badge badge-neutral badge-sm ms-2 font-semibold">Discontinued</span>
                ) : null}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
};

export default RelatedParts;
