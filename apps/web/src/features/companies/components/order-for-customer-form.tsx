import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { CompanyDetail } from '@forgeline/shared/schemas/company';
import type { PaymentMethod } from '@forgeline/shared/schemas/checkout';
import { formatPrice } from '@forgeline/shared/money';
import { dashboardPaths } from '@/config/dashboard-paths';
import { Alert } from '@/components/ui/alert';
import { Link } from '@/components/ui/link';
import { Field, errorProps } from '@/components/ui/form-field';
import { DeliveryFields } from '@/components/ui/payment-method-choice';
import { DeliveryMethodChoice, type DeliveryPick } from '@/components/ui/delivery-method-choice';
import type { DeliveryOptionDto } from '@forgeline/shared/schemas/delivery';
import { SubmitButton } from '@/components/ui/submit-button';
import { refusalDetails } from '@/lib/form-refusal';
import { errorMessage } from '@/lib/error-message';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useOrderForCustomer, type OrderForCustomerResult } from '../api/order-for-customer';
import { CAN_ORDER, ROLE_LABELS } from '../roles';
import type { OrderForCustomerFieldsSchema } from '../schemas';
import { emptyLine, lineProblem, OrderLines, type OrderLine, type PartPicker } from './order-lines';
import { CardForm } from '@/components/ui/card-form';

const resolver = lazyZodResolver(() =>
  import('../schemas').then((schemas) => schemas.OrderForCustomerFieldsSchema),
);
type FieldsInput = z.input<typeof OrderForCustomerFieldsSchema>;
type Fields = z.output<typeof OrderForCustomerFieldsSchema>;
const FIELDS = ['buyerId', 'address', 'phone', 'poReference'] as const;

const newKey = () => crypto.randomUUID();
const limitText = (value: number | null) => (value === null ? '' : ` · $ ${formatPrice(value)}/order`);

/**
 * 'Order for this customer' (POST /companies/:id/orders): the admin places lines for a member who may
 * order, delivered to a site of the address book or a typed address, by card or on the company's terms.
 * The buyer's limits apply as at their own checkout: over them, the order waits for an approver.
 */
export const OrderForCustomerForm = ({
  detail,
  PartPicker,
}: {
  detail: CompanyDetail;
  PartPicker: PartPicker;
}) => {
  const { company, members, addresses } = detail;
  const order = useOrderForCustomer(company.id);
  const buyers = members.filter((member) => CAN_ORDER[member.role]);
  const [lines, setLines] = useState<OrderLine[]>(() => [emptyLine()]);
  // '' is a typed address; otherwise the id of a site of the book.
  const [siteId, setSiteId] = useState(company.allowFreeTextAddress ? '' : (addresses[0]?.id ?? ''));
  const [method, setMethod] = useState<PaymentMethod>('card');
  // Delivery is priced by the server for these lines to the company's country (decision 0268).
  const [pick, setPick] = useState<DeliveryPick>({
    country: company.country ?? 'US',
    region: company.region ?? '',
    methodId: null,
  });
  const pricedLines = lines
    .filter((line) => line.part && Number.isInteger(Number(line.quantity)) && Number(line.quantity) > 0)
    .map((line) => `${line.part!._id}:${Number(line.quantity)}`)
    .join(',');
  const byInvoice = method === 'invoice' && company.terms.approved;
  // Undefined while the delivery methods of the lines are looked up: placing waits for them.
  const [option, setOption] = useState<DeliveryOptionDto | null | undefined>(undefined);
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const [result, setResult] = useState<{
    text: string;
    placed: boolean;
    orders: { id: string; number: string }[];
  } | null>(null);
  const [failure, setFailure] = useState<{ message: string; others: string[] } | null>(null);
  const initialSite = addresses.find((site) => site.id === siteId);
  const { register, handleSubmit, formState, setError, setValue } = useForm<FieldsInput, unknown, Fields>({
    resolver,
    defaultValues: {
      buyerId: '',
      address: initialSite?.address ?? '',
      phone: initialSite?.phone ?? '',
      poReference: '',
    },
  });
  const { errors } = formState;
  // Only sites of the book are allowed, and there are none: nothing can be delivered.
  const noDelivery = !company.allowFreeTextAddress && addresses.length === 0;

  const chooseSite = (id: string) => {
    setSiteId(id);
    const site = addresses.find((candidate) => candidate.id === id);
    // The order takes the site's address and phone; they are shown, not typed.
    setValue('address', site?.address ?? '');
    setValue('phone', site?.phone ?? '');
  };

  const submit = handleSubmit(async (fields) => {
    setResult(null);
    setFailure(null);
    const checked = lines.map((line) => ({ ...line, error: lineProblem(line) ?? undefined }));
    if (checked.some((line) => line.error)) {
      setLines(checked);
      return;
    }
    if (byInvoice && !fields.poReference) {
      setError('poReference', { message: 'A PO number is required to pay by invoice.' });
      return;
    }
    const buyer = buyers.find((member) => member.userId === fields.buyerId);
    try {
      const answer: OrderForCustomerResult = await order.mutateAsync({
        idempotencyKey,
        body: {
          ...fields,
          ...(siteId && { addressId: siteId }),
          paymentMethod: byInvoice ? 'invoice' : 'card',
          ...(pick.methodId && {
            delivery: { methodId: pick.methodId, country: pick.country, region: pick.region || null },
          }),
          lines: lines.map((line) => ({ productId: line.part!._id, quantity: Number(line.quantity) })),
        },
      });
      const name = buyer?.name ?? 'the buyer';
      setResult(
        answer.kind === 'placed'
          ? {
              placed: true,
              text: `Placed for ${name}: ${answer.checkout.number}`,
              orders: answer.checkout.orders.map((line) => ({ id: line._id, number: line.number })),
            }
          : {
              placed: false,
              text: `Over ${name}'s limit: sent for approval as ${answer.request.number}. ${answer.request.reason}`,
              orders: [],
            },
      );
      setLines([emptyLine()]);
      setIdempotencyKey(newKey());
    } catch (error) {
      // Nothing was placed: the next attempt is a new order.
      setIdempotencyKey(newKey());
      const others: string[] = [];
      const byLine = new Map<string, string>();
      for (const [key, message] of Object.entries(refusalDetails(error))) {
        const field = FIELDS.find((name) => name === key);
        const lineKey = /^lines\.([^.]+)/.exec(key)?.[1];
        if (field) setError(field, { message });
        else if (lineKey !== undefined) byLine.set(lineKey, message);
        else others.push(message);
      }
      setLines((now) =>
        now.map((line, index) => ({
          ...line,
          error: byLine.get(line.part?._id ?? '') ?? byLine.get(String(index)) ?? line.error,
        })),
      );
      setFailure({ message: errorMessage(error, 'The order could not be placed.'), others });
    }
  });

  const buyerId = 'order-buyer';
  return (
    <CardForm onSubmit={submit} onFocus={resolver.preload} aria-labelledby="order-for-customer">
      <h3 id="order-for-customer" className="text-lg font-bold">
        Order for this customer
      </h3>
      {buyers.length === 0 ? <p className="text-sm">No member may order yet: attach a buyer first.</p> : null}
      <Field id={buyerId} label="Buyer" error={errors.buyerId?.message}>
        <select
          id={buyerId}
          className="select select-bordered w-full"
          {...errorProps(buyerId, errors.buyerId?.message)}
          {...register('buyerId')}
        >
          <option value="">Choose the buyer…</option>
          {buyers.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name} ({member.email}) · {ROLE_LABELS[member.role]}
              {limitText(member.orderLimit)}
            </option>
          ))}
        </select>
      </Field>
      <OrderLines lines={lines} onChange={setLines} PartPicker={PartPicker} />
      <Field id="order-site" label="Deliver to">
        <select
          id="order-site"
          className="select select-bordered w-full"
          value={siteId}
          onChange={(event) => chooseSite(event.target.value)}
        >
          {company.allowFreeTextAddress ? <option value="">Another address (type it below)</option> : null}
          {addresses.map((site) => (
            <option key={site.id} value={site.id}>
              {site.label}: {site.address}
            </option>
          ))}
        </select>
      </Field>
      {noDelivery ? (
        <p className="text-sm">This company delivers only to sites of its book, and it has none yet.</p>
      ) : null}
      <DeliveryFields
        address={{ ...register('address'), readOnly: siteId !== '', error: errors.address?.message }}
        phone={{ ...register('phone'), readOnly: siteId !== '', error: errors.phone?.message }}
        poReference={{ ...register('poReference'), error: errors.poReference?.message }}
        byInvoice={byInvoice}
        terms={company.terms}
        onMethod={setMethod}
      />
      {pricedLines ? (
        <DeliveryMethodChoice
          value={pick}
          onChange={setPick}
          cartKey={pricedLines}
          onOption={setOption}
          source={{ lines: pricedLines }}
        />
      ) : null}
      {failure ? (
        <div role="alert" data-testid="order-error">
          <Alert announce={false}>{failure.message}</Alert>
          {failure.others.length > 0 ? (
            <ul className="list-inside list-disc text-sm text-[#b91c1c]">
              {failure.others.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {result ? (
        <p
          role="status"
          data-testid="order-result"
          className={`rounded-md border p-3 text-sm font-medium ${result.placed ? 'border-success bg-success/10' : 'border-warning bg-warning/10'}`}
        >
          {result.text}
          {result.orders.map((line) => (
            <Link
              key={line.id}
              className="link link-primary ml-2 font-mono"
              to={dashboardPaths.order.getHref(line.id)}
            >
              {line.number}
            </Link>
          ))}
        </p>
      ) : null}
      <SubmitButton
        isLoading={order.isPending}
        disabled={buyers.length === 0 || noDelivery || (pricedLines !== '' && option === undefined)}
        className="self-start"
      >
        Place the order
      </SubmitButton>
    </CardForm>
  );
};
