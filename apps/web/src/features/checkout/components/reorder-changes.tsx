import type { ReorderChange } from '@forgeline/shared/schemas/checkout';

/** What 'Order again' changed since the past order: price then and now, corrected quantities, parts left out. */
export const ReorderChanges = ({ changes }: { changes: ReorderChange[] }) => (
  <section
    aria-labelledby="reorder-changes"
    className="mb-6 rounded-box border border-base-300 bg-base-200 p-4"
    data-testid="reorder-changes"
  >
    <h2 id="reorder-changes" className="font-semibold">
      Added to your cart: what changed since you last ordered
    </h2>
    <ul className="mt-2 flex flex-col gap-1 text-sm">
      {changes.map((change, index) => (
        <li key={`${change.productId ?? 'gone'}-${index}`}>
          <span className="font-medium">{change.name}</span>: {change.note}
        </li>
      ))}
    </ul>
  </section>
);
