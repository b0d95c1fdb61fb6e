import type { z } from 'zod';
import type { DeliveryKind } from '@forgeline/shared/delivery';
import type { DeliveryMethodBodySchema, DeliveryMethodDto } from '@forgeline/shared/schemas/delivery';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import type { Resolver } from 'react-hook-form';

/** The method form's values: numbers stay unset until typed (the schema then says what is missing). */
export type RateValues = {
  zoneId: string;
  price?: number;
  bands: { maxGrams?: number; price?: number }[];
  freeFrom?: number | null;
};
export type MethodValues = { name: string; kind: DeliveryKind; active: boolean; rates: RateValues[] };
export type MethodOutput = z.output<typeof DeliveryMethodBodySchema>;

/** '' → unset (NaN: the schema's 'must be a number'), else the number typed. */
export const toNumber = (value: unknown) =>
  value === '' || value === undefined ? Number.NaN : Number(value);
export const toNullableNumber = (value: unknown) => (value === '' || value === null ? null : Number(value));

export const emptyRate = (zoneId = ''): RateValues => ({ zoneId, bands: [{}], freeFrom: null });

/** Only what the kind prices by is sent (and checked): flat a price, weight bands, free_over both, quote none. */
export const shapeByKind = (values: MethodValues): MethodValues => ({
  ...values,
  rates:
    values.kind === 'collection'
      ? []
      : values.rates.map(({ zoneId, price, bands, freeFrom }) => {
          switch (values.kind) {
            case 'flat':
              return { zoneId, price: price ?? Number.NaN, bands: [] };
            case 'weight':
              return { zoneId, bands };
            case 'free_over':
              return { zoneId, price: price ?? Number.NaN, bands: [], freeFrom: freeFrom ?? Number.NaN };
            default:
              return { zoneId, bands: [] };
          }
        }),
});

export const methodValues = (method?: DeliveryMethodDto): MethodValues =>
  method
    ? {
        name: method.name,
        kind: method.kind,
        active: method.active,
        rates: method.rates.map((rate) => ({
          zoneId: rate.zoneId,
          price: rate.price,
          bands: rate.bands.length > 0 ? rate.bands.map((band) => ({ ...band })) : [{}],
          freeFrom: rate.freeFrom,
        })),
      }
    : { name: '', kind: 'flat', active: true, rates: [emptyRate()] };

const schemaResolver = lazyZodResolver<MethodValues, MethodOutput>(() =>
  import('../schemas').then(
    (schemas) => schemas.DeliveryMethodBodySchema as unknown as z.ZodType<MethodOutput, MethodValues>,
  ),
);

/** The shared schema's resolver, on the values the kind uses (the fields of other kinds are kept, not checked). */
export const methodResolver: Resolver<MethodValues, unknown, MethodOutput> & { preload: () => void } =
  Object.assign(
    ((values, context, options) => schemaResolver(shapeByKind(values), context, options)) as Resolver<
      MethodValues,
      unknown,
      MethodOutput
    >,
    { preload: schemaResolver.preload },
  );
