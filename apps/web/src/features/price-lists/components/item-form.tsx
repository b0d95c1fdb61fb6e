import { useForm } from 'react-hook-form';
import type { PriceListItem, PriceListItemBody } from '@forgeline/shared/schemas/price-list';
import { FormField, fieldBinder } from '@/components/ui/form-field';
import { FormStateActions } from '@/components/ui/form-actions';
import { errorMessage } from '@/lib/error-message';
import { lazyZodResolver } from '@/lib/lazy-resolver';
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
  const { register, handleSubmit, formState, setError, reset } = useForm<Values, unknown, PriceListItemBody>({
    resolver,
    defaultValues: {
      sku: item?.sku ?? '',
      price: item?.price === null || item?.price === undefined ? '' : item.price.toFixed(2),
      breaks: item ? formatBreaks(item.tiers) : '',
    },
  });
  const field = fieldBinder(register, formState.errors);
  const submit = handleSubmit(async (body) => {
    try {
      await save(body);
      reset();
      onDone();
    } catch (error) {
      setError('root', { message: errorMessage(error, 'The part could not be saved.') });
    }
  });
  const label = item ? `Price of ${item.sku}` : 'Add a part';
  return (
    <CardForm onSubmit={submit} onFocus={resolver.preload} aria-label={label} title={label} titleLevel={4}>
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
