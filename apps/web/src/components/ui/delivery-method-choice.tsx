import { useEffect, useMemo, useState } from 'react';
import { formatPrice } from '@forgeline/shared/money';
import type { DeliveryOptionDto } from '@forgeline/shared/schemas/delivery';
import { CountrySelect } from '@/components/ui/country-select';
import { type DeliverySource, useDeliveryOptions } from '@/lib/delivery-options';

export interface DeliveryPick {
  country: string;
  region: string;
  methodId: string | null;
}

/**
 * A buyer's order form's delivery state: where and how it goes, and the option that prices it (undefined
 * while the methods are looked up: the submit button waits for them).
 */
export const useDeliveryPick = () => {
  const [pick, setPick] = useState<DeliveryPick>({ country: 'US', region: '', methodId: null });
  const [option, setOption] = useState<DeliveryOptionDto | null | undefined>(undefined);
  // Collection from the works needs no address (decision 0268).
  return { pick, setPick, option, setOption, collected: option?.kind === 'collection' };
};

/** The order body's `delivery` for the method chosen; nothing while none is. */
export const chosenDelivery = (pick: DeliveryPick) =>
  pick.methodId
    ? { delivery: { methodId: pick.methodId, country: pick.country, region: pick.region || null } }
    : {};

/** What an option costs, as the buyer reads it. */
export const optionPrice = (option: DeliveryOptionDto) =>
  option.cost === null
    ? 'Quoted after you order'
    : option.cost === 0
      ? 'Free'
      : `$ ${formatPrice(option.cost)}`;

/**
 * Where the order goes and how (decision 0235): the methods that serve the cart to that destination,
 * cheapest first, the cheapest that delivers preselected (collection only when chosen or alone). The server prices the one chosen; this only shows it.
 */
export const DeliveryMethodChoice = ({
  value,
  onChange,
  cartKey,
  onOption,
  source,
}: {
  value: DeliveryPick;
  onChange: (next: DeliveryPick) => void;
  /** What the cart holds (lines and quantities): the options are asked again when it changes. */
  cartKey: string;
  /**
   * The option chosen now, for the totals and the submit button: undefined while the methods are looked
   * up (an order placed then would go without one, and be refused), null when none can be chosen (none
   * serves the destination, or the methods could not be loaded: the server then says why).
   */
  onOption: (option: DeliveryOptionDto | null | undefined) => void;
  /** What is priced, when not the buyer's cart: an offer, or the admin's lines for a customer. */
  source?: DeliverySource;
}) => {
  const options = useDeliveryOptions(value.country, value.region, cartKey, source);
  const list = useMemo(() => options.data?.options ?? [], [options.data]);
  const chosen = list.find((option) => option.methodId === value.methodId);
  // The cheapest delivery is chosen whenever the choice no longer serves the destination (or none was made).
  useEffect(() => {
    if (!options.data) {
      onOption(options.isError ? null : undefined);
      return;
    }
    // Delivered to the buyer unless they choose to collect: the cheapest method that delivers comes first.
    const cheapest = (list.find((option) => option.kind !== 'collection') ?? list[0])?.methodId ?? null;
    // Only a change is told: with no method serving, telling 'none' again would render for ever.
    if (!chosen && value.methodId !== cheapest) onChange({ ...value, methodId: cheapest });
    onOption(chosen ?? (cheapest === null ? null : undefined));
  }, [options.data, options.isError, chosen, list, value, onChange, onOption]);

  return (
    <fieldset className="flex flex-col gap-2" data-testid="delivery-methods">
      <legend className="mb-1 font-semibold">Delivery method</legend>
      <div className="grid grid-cols-[1fr_6rem] gap-2">
        <CountrySelect
          label="Country"
          value={value.country}
          onChange={(event) => onChange({ ...value, country: event.target.value, methodId: null })}
        />
        <label className="flex flex-col gap-1 text-sm">
          <span>State / region</span>
          <input
            className="input w-full uppercase"
            maxLength={3}
            value={value.region}
            placeholder="IL"
            onChange={(event) =>
              onChange({ ...value, region: event.target.value.trim().toUpperCase(), methodId: null })
            }
          />
        </label>
      </div>
      {options.isPending && /^[A-Z]{2}$/.test(value.country) ? (
        <p className="text-sm">Looking up delivery methods…</p>
      ) : null}
      {options.isError ? (
        <p className="text-sm text-[#b91c1c]" role="alert">
          Delivery methods could not be loaded.
        </p>
      ) : null}
      {options.data && list.length === 0 ? (
        <p className="text-sm" role="status">
          We do not deliver there yet: please contact us.
        </p>
      ) : null}
      {list.map((option) => (
        <label
          key={option.methodId}
          className="flex cursor-pointer items-center gap-2 rounded-md border border-base-300 p-2 text-sm"
        >
          <input
            type="radio"
            className="radio radio-sm"
            name="delivery-method"
            value={option.methodId}
            checked={option.methodId === value.methodId}
            onChange={() => onChange({ ...value, methodId: option.methodId })}
          />
          <span className="flex-1">{option.name}</span>
          <span className="font-semibold">{optionPrice(option)}</span>
        </label>
      ))}
    </fieldset>
  );
};
