import { useState } from 'react';
import { RETURN_REASONS, type ReturnReason } from '@forgeline/shared/returns';
import type { Return, ReturnForm as ReturnFormInput } from '@forgeline/shared/schemas/return';
import { Alert } from '@/components/ui/alert';
import { CountField, FormField, SelectField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/toast';
import { useCreateReturn } from '../api/returns';
import { SchemaForm } from '@/components/ui/card-form';

/** A line the buyer may return pieces of: its shipped pieces not yet returned or asked back. */
export interface ReturnableLine {
  orderId: string;
  number: string;
  productName: string;
  returnable: number;
}

/**
 * Shipped pieces of an order line minus those that returns hold (every return not refused): what the
 * form offers. The server checks the same, and the window, under lock.
 */
export const returnableLines = (
  orders: readonly {
    _id: string;
    number: string;
    productName: string;
    shippedQuantity?: number | undefined;
  }[],
  returns: readonly Pick<Return, 'orderId' | 'quantity' | 'status'>[],
): ReturnableLine[] =>
  orders
    .map((order) => {
      const held = returns
        .filter((item) => item.orderId === order._id && item.status !== 'refused')
        .reduce((sum, item) => sum + item.quantity, 0);
      return {
        orderId: order._id,
        number: order.number,
        productName: order.productName,
        returnable: (order.shippedQuantity ?? 0) - held,
      };
    })
    .filter((line) => line.returnable > 0);

type Output = { quantity: number; reason: ReturnReason; comment: string };

/** The form to return pieces of one line: how many, why (a list, and words of one's own). */
export const ReturnForm = ({ line, onDone }: { line: ReturnableLine; onDone?: () => void }) => {
  const [resolver] = useState(() =>
    lazyZodResolver<ReturnFormInput, Output>(() =>
      import('../schemas').then((schemas) => schemas.returnFormSchema(line.returnable)),
    ),
  );
  const create = useCreateReturn();
  const { formState, field, submit } = useSchemaForm<ReturnFormInput, Output>(resolver, {
    defaultValues: { quantity: String(line.returnable), reason: 'wrong_part', comment: '' },
  });

  const requestReturn = submit(async (form) => {
    const created = await create.mutateAsync({
      orderId: line.orderId,
      quantity: form.quantity,
      reason: form.reason,
      ...(form.comment ? { comment: form.comment } : {}),
    });
    toast.success(`Return ${created.number} requested: we will write when we have looked at it`);
    onDone?.();
  }, 'The return could not be requested.');

  return (
    <SchemaForm
      {...requestReturn}
      aria-label={`Return pieces of ${line.number}`}
      reveal
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-3"
    >
      <p className="text-sm font-semibold">
        Return pieces of <span className="font-mono">{line.number}</span> ({line.productName})
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <CountField
          label="Pieces to return"
          min={1}
          max={line.returnable}
          hint={`${line.returnable} shipped ${line.returnable === 1 ? 'piece' : 'pieces'} can be returned`}
          {...field('quantity')}
        />
        <SelectField id={`return-reason-${line.orderId}`} label="Reason" {...field('reason')}>
          {Object.entries(RETURN_REASONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      <FormField label="Comment (optional; needed for Other)" maxLength={1000} {...field('comment')} />
      <Alert>{formState.errors.root?.message}</Alert>
      <div>
        <SubmitButton isLoading={formState.isSubmitting} className="w-full sm:w-auto">
          Ask to return
        </SubmitButton>
      </div>
    </SchemaForm>
  );
};
