import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { DeliveryKind } from '@forgeline/shared/delivery';
import type { DeliveryZoneDto } from '@forgeline/shared/schemas/delivery';
import { ErrorText, Field, FormField, errorProps } from '@/components/ui/form-field';
import { emptyRate, toNullableNumber, toNumber, type MethodValues } from './method-values';

type Props = {
  kind: DeliveryKind;
  zones: DeliveryZoneDto[];
  control: Control<MethodValues>;
  register: UseFormRegister<MethodValues>;
  errors: FieldErrors<MethodValues>;
};

/** One zone's weight bands: up to how many grams, at what price (the first band the order fits). */
const BandFields = ({
  index,
  zoneName,
  control,
  register,
  errors,
}: Omit<Props, 'kind' | 'zones'> & { index: number; zoneName: string }) => {
  const bands = useFieldArray({ control, name: `rates.${index}.bands` });
  const bandErrors = errors.rates?.[index]?.bands;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold">Weight bands</legend>
      {bands.fields.map((band, b) => (
        <div key={band.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
          <FormField
            label={`Band ${b + 1} up to (g)`}
            inputMode="numeric"
            error={bandErrors?.[b]?.maxGrams?.message}
            {...register(`rates.${index}.bands.${b}.maxGrams`, { setValueAs: toNumber })}
          />
          <FormField
            label={`Band ${b + 1} price ($)`}
            inputMode="decimal"
            error={bandErrors?.[b]?.price?.message}
            {...register(`rates.${index}.bands.${b}.price`, { setValueAs: toNumber })}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={`Remove band ${b + 1} of ${zoneName}`}
            disabled={bands.fields.length === 1}
            onClick={() => bands.remove(b)}
          >
            Remove
          </button>
        </div>
      ))}
      <div>
        <button type="button" className="btn btn-sm btn-outline" onClick={() => bands.append({})}>
          Add a band
        </button>
      </div>
    </fieldset>
  );
};

/** A method's rate per zone, the fields its kind prices by; collection has none (every destination, free). */
export const RateFields = ({ kind, zones, control, register, errors }: Props) => {
  const rates = useFieldArray({ control, name: 'rates' });
  const ratesError = errors.rates?.root?.message ?? errors.rates?.message;
  if (kind === 'collection')
    return (
      <p className="text-sm text-base-content/75">
        Collection from the works serves every destination, free.
      </p>
    );
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 font-semibold">Rates per zone</legend>
      {zones.length === 0 ? <p className="text-sm">Add a zone first: a method is priced per zone.</p> : null}
      {rates.fields.map((rate, index) => {
        const id = `delivery-rate-zone-${rate.id}`;
        const rateErrors = errors.rates?.[index];
        const zoneName = zones.find((zone) => zone.id === rate.zoneId)?.name ?? `rate ${index + 1}`;
        return (
          <div
            key={rate.id}
            className="flex flex-col gap-2 rounded-box border border-base-300 p-3"
            data-testid="delivery-rate"
          >
            <div className="grid items-end gap-2 sm:grid-cols-[1fr_auto]">
              <Field id={id} label={`Zone of rate ${index + 1}`} error={rateErrors?.zoneId?.message}>
                <select
                  id={id}
                  className="select w-full"
                  {...errorProps(id, rateErrors?.zoneId?.message)}
                  {...register(`rates.${index}.zoneId`)}
                >
                  <option value="">Choose a zone</option>
                  {zones.map((zone) => (
                    <option key={zone.id} value={zone.id}>
                      {zone.name}
                    </option>
                  ))}
                </select>
              </Field>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Remove rate ${index + 1}`}
                onClick={() => rates.remove(index)}
              >
                Remove
              </button>
            </div>
            {kind === 'flat' || kind === 'free_over' ? (
              <div className="grid gap-2 sm:grid-cols-2">
                <FormField
                  label={
                    kind === 'flat'
                      ? `Price of rate ${index + 1} ($)`
                      : `Price below the value, rate ${index + 1} ($)`
                  }
                  inputMode="decimal"
                  error={rateErrors?.price?.message}
                  {...register(`rates.${index}.price`, { setValueAs: toNumber })}
                />
                {kind === 'free_over' ? (
                  <FormField
                    label={`Free from net goods of, rate ${index + 1} ($)`}
                    inputMode="decimal"
                    error={rateErrors?.freeFrom?.message}
                    {...register(`rates.${index}.freeFrom`, { setValueAs: toNullableNumber })}
                  />
                ) : null}
              </div>
            ) : null}
            {kind === 'weight' ? (
              <BandFields
                index={index}
                zoneName={zoneName}
                control={control}
                register={register}
                errors={errors}
              />
            ) : null}
            {kind === 'freight_quote' ? (
              <p className="text-sm text-base-content/75">You price the freight after the order is placed.</p>
            ) : null}
          </div>
        );
      })}
      <ErrorText>{ratesError}</ErrorText>
      <div>
        <button type="button" className="btn btn-sm btn-outline" onClick={() => rates.append(emptyRate())}>
          Add a zone’s rate
        </button>
      </div>
    </fieldset>
  );
};
