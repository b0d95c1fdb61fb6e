import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { toast } from '@/lib/toast';
import { formatPrice } from '@forgeline/shared/money';
import { LIMITS } from '@forgeline/shared/constants';
import type { QuickOrderCheckResponse, QuickOrderLine } from '@forgeline/shared/schemas/cart';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useCheckQuickOrder } from '../api/check-quick-order';
import { useAddCartLines } from '../api/add-cart-lines';
import { Field } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { Alert } from '@/components/ui/alert';

/** The pad's text with line `line` (1-based) ordering `sku` instead of the code it starts with. */
export const withPartNumber = (text: string, line: number, sku: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((row, index) => (index === line - 1 ? row.replace(/^(\s*)[^\s,;]+/, `$1${sku}`) : row))
    .join('\n');

/**
 * The checked pad: each line with its product and price, or its message in red; a discontinued part's
 * line offers its replacement.
 */
const CheckedLines = ({
  result,
  onReplace,
}: {
  result: QuickOrderCheckResponse;
  onReplace: (line: QuickOrderLine, sku: string) => void;
}) => (
  <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100 text-sm">
    {result.lines.map((line) => (
      <li
        key={line.line}
        className="flex flex-wrap items-baseline justify-between gap-2 p-2"
        data-testid="quick-line"
      >
        <span className="min-w-0">
          <span className="mr-2 text-base-content/60">{line.line}.</span>
          {line.customerPartNumber ? (
            <span className="mr-2 font-mono break-words" data-testid="quick-customer-number">
              {line.customerPartNumber} →
            </span>
          ) : null}
          {/* Our part number (at most 40 characters) is never broken at its dashes; unknown input may wrap. */}
          <span className={`font-mono ${line.productId ? 'whitespace-nowrap' : 'break-words'}`}>
            {line.sku || line.input}
          </span>
          {line.name ? <span className="ml-2">{line.name}</span> : null}
        </span>
        {line.problem ? (
          <span className="flex flex-wrap items-baseline gap-2">
            <span className="font-medium text-[#b91c1c]" data-testid="quick-problem">
              {line.problem.message}
            </span>
            {line.replacement ? (
              <button
                type="button"
                className="btn btn-outline btn-xs"
                onClick={() => onReplace(line, line.replacement!.sku)}
              >
                Order {line.replacement.sku} instead
              </button>
            ) : null}
          </span>
        ) : (
          <span className="whitespace-nowrap">
            {line.quantity} × $ {formatPrice(line.unitPrice ?? 0)} ={' '}
            <span className="font-semibold">$ {formatPrice(line.lineTotal ?? 0)}</span>
          </span>
        )}
      </li>
    ))}
  </ul>
);

/**
 * The quick order pad: paste `part-number quantity` lines or choose a CSV; every line is checked
 * by the server (part, rules, stock, tier price) with its own message; the valid ones go into the cart at
 * once, and the buyer goes on to the cart.
 */
export const QuickOrderPad = () => {
  const navigate = useNavigate();
  const check = useCheckQuickOrder();
  const add = useAddCartLines();
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const result = check.data;
  const valid =
    result?.lines.filter((line) => line.problem === null && line.productId && line.quantity) ?? [];

  const onFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    if (file.size > LIMITS.quickOrderBytesMax) {
      setFileError(`The file is larger than ${LIMITS.quickOrderBytesMax / 1024} KB.`);
      return;
    }
    const content = await file.text();
    setText(content);
    check.mutate(content);
  };

  const addValid = async () => {
    try {
      await add.mutateAsync({
        lines: valid.map((line) => ({
          productId: line.productId as string,
          quantity: line.quantity as number,
        })),
      });
      toast.success(`${valid.length} ${valid.length === 1 ? 'line' : 'lines'} added to your cart`);
      await navigate(paths.cart.getHref());
    } catch (error) {
      toast.error(errorMessage(error, 'The lines could not be added to your cart.'));
    }
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Quick order</h1>
        <Link to={paths.cart.getHref()} className="btn btn-sm btn-outline">
          Cart
        </Link>
      </div>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          check.mutate(text);
        }}
      >
        <Field
          id="quick-order-text"
          label="Part numbers and quantities"
          hint="One line each: part-number quantity (e.g. FL-BLT-M12-50 200), our part number or your company’s own. A CSV with the same two columns works too."
        >
          <textarea
            id="quick-order-text"
            className="textarea min-h-48 w-full font-mono"
            value={text}
            onChange={(event) => setText(event.target.value)}
            spellCheck={false}
          />
        </Field>
        <Field id="quick-order-file" label="Or upload a CSV" error={fileError ?? undefined}>
          <input
            id="quick-order-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            className="file-input w-full max-w-sm"
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
        </Field>
        <SubmitButton isLoading={check.isPending} disabled={text.trim() === ''} className="self-start">
          Check lines
        </SubmitButton>
        <Alert>{check.isError ? errorMessage(check.error, 'The lines could not be checked.') : null}</Alert>
      </form>

      {result ? (
        <section aria-labelledby="checked-title" className="mt-8 flex flex-col gap-3">
          <h2 id="checked-title" className="text-xl font-bold">
            {result.validCount} of {result.lines.length} lines can be ordered
            {result.validCount > 0 ? ` · $ ${formatPrice(result.total)}` : ''}
          </h2>
          <CheckedLines
            result={result}
            onReplace={(line, sku) => {
              const next = withPartNumber(text, line.line, sku);
              setText(next);
              check.mutate(next);
            }}
          />
          <SubmitButton
            type="button"
            isLoading={add.isPending}
            disabled={valid.length === 0}
            onClick={() => void addValid()}
            className="self-start"
          >
            Add {valid.length} valid {valid.length === 1 ? 'line' : 'lines'} to cart
          </SubmitButton>
        </section>
      ) : null}
    </div>
  );
};
