import { useId } from 'react';
import type { CompanyAddress } from '@forgeline/shared/schemas/company';
import { Alert } from './alert';

/** A company buyer's delivery sites and whether they may type an address instead (docs/decisions/0213). */
export type DeliveryBook = { sites: CompanyAddress[]; allowFreeText: boolean };

/** The value of 'Type an address'. */
export const TYPED_ADDRESS = '';

/** Where a form starts: the book's first site, or a typed address when the book is empty. */
export const firstSite = (book: DeliveryBook | undefined): CompanyAddress | undefined => book?.sites[0];

/**
 * 'Deliver to': a site of the company's book (its address and phone fill the form, read only), or a typed
 * address when the company allows it. Shown at checkout and when accepting a quote.
 */
export const DeliverySiteChoice = ({
  book,
  value,
  onChange,
}: {
  book: DeliveryBook;
  /** The chosen site's id, or TYPED_ADDRESS. */
  value: string;
  onChange: (site: CompanyAddress | undefined) => void;
}) => {
  const id = useId();
  if (book.sites.length === 0) {
    return book.allowFreeText ? null : (
      <Alert data-testid="no-sites">
        Your company delivers only to the addresses of its book, and it has none yet: ask your company admin
        to add one.
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        Deliver to
      </label>
      <select
        id={id}
        className="select w-full"
        value={value}
        onChange={(event) => onChange(book.sites.find((site) => site.id === event.target.value))}
      >
        {book.sites.map((site) => (
          <option key={site.id} value={site.id}>
            {site.label} — {site.address}
          </option>
        ))}
        {book.allowFreeText ? <option value={TYPED_ADDRESS}>Type an address</option> : null}
      </select>
    </div>
  );
};
