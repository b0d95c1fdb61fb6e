import type { ReactNode } from 'react';

/** A record a list can key its cards by: the API's `_id`, or `id` on the newer resources. */
type Keyed = { _id: string } | { id: string };

const keyOf = (item: Keyed) => ('_id' in item ? item._id : item.id);

/** How a card list looks: the list's layout (a stack, a grid, ruled rows) and each card's box. */
export type CardLook = { list: string; card: string };

type CardListProps<T extends Keyed> = {
  items: readonly T[];
  /** Names the list for screen readers ('Quotes'). */
  label?: string;
  /** The list's own `data-testid`, where a test reads it whole. */
  listTestId?: string;
  /** Each card's `data-testid`. */
  testId: string;
  look: CardLook;
  children: (item: T) => ReactNode;
  /** A last item after the records' cards (e.g. the totals under an order's lines). */
  after?: ReactNode;
};

/**
 * A list of records as cards, the phone-friendly stand-in for a table: the `<ul>`, one keyed `<li>` a
 * record. What a card says stays with the feature; the list around it lives here.
 */
export const CardList = <T extends Keyed>({
  items,
  label,
  listTestId,
  testId,
  look,
  children,
  after,
}: CardListProps<T>) => (
  <ul className={look.list} aria-label={label} data-testid={listTestId}>
    {items.map((item) => (
      <li key={keyOf(item)} className={look.card} data-testid={testId}>
        {children(item)}
      </li>
    ))}
    {after}
  </ul>
);

/** The bordered box of a card on the page's background. */
const CARD_BOX = 'rounded-box border border-base-300 bg-base-100';

/** Small stacked cards, a line of facts and a few notes each: a buyer's returns, an order's shipments. */
export const CompactCards = <T extends Keyed>(props: Omit<CardListProps<T>, 'look'>) => (
  <CardList {...props} look={{ list: 'flex flex-col gap-2', card: `${CARD_BOX} px-3 py-2 text-sm` }} />
);

/** The first line of a compact card: number, status, date and the like, wrapping as the width allows. */
export const CardFacts = ({ children }: { children: ReactNode }) => (
  <p className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">{children}</p>
);
