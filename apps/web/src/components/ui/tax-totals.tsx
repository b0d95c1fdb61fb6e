import { formatPrice } from '@forgeline/shared/money';
import type { TaxSummary } from '@forgeline/shared/schemas/tax';
import { treatmentLabels } from '@forgeline/shared/tax';

/**
 * The total of a cart or checkout: just the total when the shop charges no tax; else net, the tax (or
 * why there is none: reverse charge, export, exemption, with the wording) and what the buyer pays.
 */
export function TaxTotals({
  total,
  tax,
  testId,
  delivery,
}: {
  /** Net, dollars. */
  total: number;
  tax?: TaxSummary | undefined;
  /** The test id of the amount to pay. */
  testId: string;
  /**
   * The delivery, its own line (decision 0235): `cost` null while freight is quoted on request. `tax`
   * and `total` above already count it (a placed checkout's figures, or the cart's with the option's).
   */
  delivery?: { method: string; cost: number | null } | undefined;
}) {
  const deliveryRow = delivery ? (
    <>
      <dt>Delivery ({delivery.method})</dt>
      <dd data-testid="delivery-cost">
        {delivery.cost === null ? 'Quoted after you order' : `$ ${formatPrice(delivery.cost)}`}
      </dd>
    </>
  ) : null;
  if (!tax && delivery) {
    return (
      <dl className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-right">
        <dt>Net</dt>
        <dd>$ {formatPrice(total)}</dd>
        {deliveryRow}
        <dt className="text-lg font-bold">Total</dt>
        <dd className="text-lg font-bold" data-testid={testId}>
          $ {formatPrice(total + (delivery.cost ?? 0))}
        </dd>
      </dl>
    );
  }
  if (!tax) {
    return (
      <p className="text-right text-lg">
        Total{' '}
        <span className="font-bold" data-testid={testId}>
          $ {formatPrice(total)}
        </span>
      </p>
    );
  }
  return (
    <div className="ml-auto flex w-full max-w-sm flex-col gap-1 text-right" data-testid="tax-totals">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>Net</dt>
        <dd>$ {formatPrice(total)}</dd>
        {deliveryRow}
        <dt>{tax.treatment === 'taxed' ? 'Tax' : treatmentLabels[tax.treatment]}</dt>
        <dd data-testid="tax-amount">$ {formatPrice(tax.tax)}</dd>
        <dt className="text-lg font-bold">Total</dt>
        <dd className="text-lg font-bold" data-testid={testId}>
          $ {formatPrice(tax.totalWithTax)}
        </dd>
      </dl>
      {tax.note ? (
        <p className="text-left text-xs text-base-content/80" data-testid="tax-note">
          {tax.note}
        </p>
      ) : null}
      {tax.problem ? (
        <p className="text-left text-sm text-[#b91c1c]" role="alert">
          {tax.problem}
        </p>
      ) : null}
    </div>
  );
}
