import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formatPrice, toCents, toDollars } from '@forgeline/shared/money';
import type { AcceptQuoteBodySchema } from '@forgeline/shared/schemas/checkout';
import type { PaymentTerms } from '@forgeline/shared/schemas/payment-terms';
import type { Quote } from '@forgeline/shared/schemas/quote';
import type { CompanyAddress } from '@forgeline/shared/schemas/company';
import { errorMessage } from '@/lib/error-message';
import { useOrderPlacement } from '@/lib/approval-needed';
import { ApprovalSent } from '@/components/ui/approval-sent';
import { firstSite, TYPED_ADDRESS, type DeliveryBook } from '@/components/ui/delivery-site-choice';
import { SubmitButton } from '@/components/ui/submit-button';
import { Alert } from '@/components/ui/alert';
import { useAcceptQuote } from '../api/change-quote';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { messages } from '@forgeline/shared/messages';
import type { DeliveryOptionDto } from '@forgeline/shared/schemas/delivery';
import { chosenDelivery, useDeliveryPick } from '@/components/ui/delivery-method-choice';
import { OrderDeliveryFields } from '@/components/ui/order-delivery-fields';
import { CardForm } from '@/components/ui/card-form';

/**
 * The profile's delivery address and phone ('' when not given), from the route; for a company buyer also
 * the company's delivery sites and whether their role places orders (docs/decisions/0213).
 */
export type BuyerContact = { address: string; phone: string; book?: DeliveryBook; cannotOrder?: boolean };

type DeliveryInput = z.input<typeof AcceptQuoteBodySchema>;
type DeliveryValues = z.output<typeof AcceptQuoteBodySchema>;

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.AcceptQuoteBodySchema));

/**
 * The buyer accepts an open offer: where it goes (prefilled from the profile) and their PO reference.
 * The server places it as a checkout at the offered prices; the buyer then pays it on the checkout page.
 */
const AcceptOffer = ({
  quote,
  contact,
  terms,
}: {
  quote: Quote;
  contact: BuyerContact | undefined;
  terms?: PaymentTerms | undefined;
}) =>
  // The form starts from the profile's address and phone: it waits for them (undefined while loading).
  contact ? <AcceptOfferForm quote={quote} contact={contact} terms={terms} /> : null;

const AcceptOfferForm = ({
  quote,
  contact: { address, phone, book, cannotOrder = false },
  terms,
}: {
  quote: Quote;
  contact: BuyerContact;
  terms: PaymentTerms | undefined;
}) => {
  const { sent, placed } = useOrderPlacement();
  const accept = useAcceptQuote();
  // One key per intended acceptance: a retry after a lost answer finds the first checkout.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const start = firstSite(book);
  const delivery = useDeliveryPick();
  const { pick, option, collected } = delivery;
  const { formState, control, setValue, setError, field, submit } = useSchemaForm<
    DeliveryInput,
    DeliveryValues
  >(resolver, {
    // What the buyer sees is what they accept: the offer's version and total go with the form.
    defaultValues: {
      address: start?.address ?? address,
      phone: start?.phone ?? phone,
      addressId: start?.id,
      poReference: '',
      paymentMethod: 'card',
      offerVersion: quote.offerVersion ?? undefined,
      expectedTotal: quote.total ?? undefined,
    },
  });
  // A buyer approved for payment terms may take the offer on invoice (decision 0112).
  const byInvoice = useWatch({ control, name: 'paymentMethod' }) === 'invoice' && terms?.approved === true;
  const siteId = useWatch({ control, name: 'addressId' }) ?? TYPED_ADDRESS;
  // A site fills address and phone as the server will take them; 'Type an address' gives the profile's back.
  const chooseSite = (site: CompanyAddress | undefined) => {
    const check = { shouldValidate: formState.isSubmitted };
    setValue('addressId', site?.id);
    setValue('address', site?.address ?? address, check);
    setValue('phone', site?.phone ?? phone, check);
  };

  const acceptOffer = submit(async (values) => {
    setFailure(null);
    if (!collected && !values.address) {
      setError('address', { message: messages.addressRequired });
      return;
    }
    try {
      // The figures on screen now (a refetch after a revision shows the new ones before a new try).
      const seen = { offerVersion: quote.offerVersion ?? undefined, expectedTotal: quote.total ?? undefined };
      const answer = await accept.mutateAsync({
        id: quote._id,
        idempotencyKey,
        body: {
          ...values,
          ...seen,
          ...(collected && { address: '', addressId: undefined }),
          // The method chosen here; the server prices it on the offer's lines (decision 0268).
          ...chosenDelivery(pick),
        },
      });
      // Over the buyer's limit: an approver decides, nothing was placed.
      await placed(
        answer,
        (checkout) => `Offer accepted: order ${checkout.number} placed. Now one payment for all of it.`,
      );
    } catch (error) {
      setIdempotencyKey(crypto.randomUUID());
      setFailure(errorMessage(error, 'The offer could not be accepted.'));
    }
  });

  if (sent) return <ApprovalSent request={sent} />;

  return (
    <CardForm {...acceptOffer} title="Accept the offer" className="max-w-xl">
      <p className="text-sm">
        The parts are ordered at the offered prices and their stock is set aside; you then pay once for all of
        it.
      </p>
      <OrderDeliveryFields
        field={field}
        byInvoice={byInvoice}
        terms={terms}
        onMethod={(method) => setValue('paymentMethod', method)}
        site={{ book, value: siteId, onChange: chooseSite }}
        delivery={delivery}
        cartKey={quote.offerVersion ?? quote._id}
        source={{ quoteId: quote._id }}
        cannotOrder={cannotOrder}
      />
      <Alert data-testid="accept-error">{failure}</Alert>
      <SubmitButton isLoading={accept.isPending} disabled={cannotOrder || option === undefined}>
        Accept offer
        {quote.total !== null
          ? ` · $ ${formatPrice(toDollars(payableCents(quote.tax?.totalWithTax ?? quote.total, option)))}`
          : ''}
      </SubmitButton>
    </CardForm>
  );
};

/** What the buyer will pay: the offer and, once a priced method is chosen, its delivery with its tax. */
const payableCents = (offer: number, option: DeliveryOptionDto | null | undefined) =>
  toCents(offer) + (option?.cost ? toCents(option.cost) + toCents(option.tax ?? 0) : 0);

export default AcceptOffer;
