import type { ComponentProps } from 'react';
import type { CompanyAddress } from '@forgeline/shared/schemas/company';
import type { DeliverySource } from '@/lib/delivery-options';
import { CannotOrderNote } from './cannot-order-note';
import { CardHoldRule } from './card-hold-rule';
import { DeliveryMethodChoice, type useDeliveryPick } from './delivery-method-choice';
import { DeliverySiteChoice, TYPED_ADDRESS, type DeliveryBook } from './delivery-site-choice';
import { DeliveryFields } from './payment-method-choice';

type Fields = ComponentProps<typeof DeliveryFields>;

/**
 * What a buyer's order asks, at the checkout and when accepting a quote: for a company buyer the site
 * to deliver to (its address and phone then read only), the address, phone and PO reference, card or
 * invoice, the delivery method; then the card hold's rule (not on invoice) and, to a member whose role
 * places no orders, the note that says so.
 */
export const OrderDeliveryFields = ({
  field,
  byInvoice,
  terms,
  onMethod,
  site: { book, value: siteId, onChange: onSite },
  delivery,
  cartKey,
  source,
  cannotOrder,
}: Pick<Fields, 'byInvoice' | 'terms' | 'onMethod'> & {
  /** The form's binding of address, phone and PO reference (`field` of useSchemaForm). */
  field: (name: 'address' | 'phone' | 'poReference') => Fields['address'];
  /**
   * 'Deliver to': the company's delivery sites (undefined outside a company), the one chosen (or
   * TYPED_ADDRESS) and the choice of another.
   */
  site: {
    book: DeliveryBook | undefined;
    value: string;
    onChange: (site: CompanyAddress | undefined) => void;
  };
  /** The form's `useDeliveryPick()`. */
  delivery: ReturnType<typeof useDeliveryPick>;
  cartKey: string;
  source?: DeliverySource;
  cannotOrder: boolean;
}) => (
  <>
    <DeliveryFields
      address={field('address')}
      phone={field('phone')}
      poReference={field('poReference')}
      byInvoice={byInvoice}
      terms={terms}
      onMethod={onMethod}
      site={book ? <DeliverySiteChoice book={book} value={siteId} onChange={onSite} /> : null}
      locked={siteId !== TYPED_ADDRESS}
      collection={delivery.collected}
    />
    <DeliveryMethodChoice
      value={delivery.pick}
      onChange={delivery.setPick}
      cartKey={cartKey}
      onOption={delivery.setOption}
      source={source}
    />
    {byInvoice ? null : <CardHoldRule />}
    {cannotOrder ? <CannotOrderNote /> : null}
  </>
);
