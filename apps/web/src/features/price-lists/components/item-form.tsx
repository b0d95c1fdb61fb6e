import type { PriceListItem, PriceListItemBody } from '@forgeline/shared/schemas/price-list';
import { FormField } from '@/components/ui/form-field';
import { FormStateActions } from '@/components/ui/form-actions';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { formatBreaks } from '../breaks';
import { CardForm } from '@/components/ui/card-form';

const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.ItemFormSchema));

type Values = { sku: string; price: string; breaks: string };

/**
 * One part's row on a list: its part number (fixed when editing), its own price and breaks, or an empty
 * price for the list's percentage rule.
 */
export const ItemForm = ({
  item,
  save,
  onDone,
}: {
  item?: PriceListItem;
  save: (body: PriceListItemBody) => Promise<unknown>;
  onDone: () => void;
}) => {
  const { formState, reset, field, submit } = useSchemaForm<Values, PriceListItemBody>(resolver, {
    defaultValues: {
      sku: item?.sku ?? '',
      price: item?.price === null || item?.price === undefined ? '' : item.price.toFixed(2),
      breaks: item ? formatBreaks(item.tiers) : '',
    },
  });
  const savePart = submit(async (body) => {
    await save(body);
    reset();
    onDone();
  }, 'The part could not be saved.');
  return (
    <CardForm {...savePart} title={item ? `Price of ${item.sku}` : 'Add a part'} titleLevel={4} reveal>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Part number" readOnly={item !== undefined} {...field('sku')} />
        <FormField
          label="Price ($)"
          inputMode="decimal"
          hint="Empty: the list’s percentage applies"
          {...field('price')}
        />
        <FormField label="Price breaks" hint="quantity:price, like 10:4.50;50:4.00" {...field('breaks')} />
      </div>
      <FormStateActions
        formState={formState}
        submitText={item ? 'Save price' : 'Add part'}
        onCancel={onDone}
      />
    </CardForm>
  );
};
