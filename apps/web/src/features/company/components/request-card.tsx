import { useActionFailure } from '@/lib/use-action-failure';
import { formatPrice } from '@forgeline/shared/money';
import type { ApprovalResult, CompanyMember, OrderRequest } from '@forgeline/shared/schemas/company';
import { Alert } from '@/components/ui/alert';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { formatDay, formatMoment } from '@/lib/format-date';
import { useWithdrawRequest } from '../api/requests';
import { DecisionForm } from './decision-form';

const STATUS_BADGE: Record<OrderRequest['status'], string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  rejected: 'badge-error',
  withdrawn: 'badge-ghost',
  expired: 'badge-ghost',
};

/** One request: what was asked, why it waits, what was decided; the decision or withdrawal where allowed. */
export const RequestCard = ({
  request,
  me,
  canApprove,
  onApproved,
}: {
  request: OrderRequest;
  me: CompanyMember;
  canApprove: boolean;
  onApproved: (result: ApprovalResult) => void;
}) => {
  const own = request.buyer.id === me.userId;
  const pending = request.status === 'pending';
  const withdraw = useWithdrawRequest();
  const { failure, confirmThen } = useActionFailure();

  const onWithdraw = () =>
    confirmThen(
      { button: 'Yes, withdraw', detail: `Request ${request.number} will not be placed.` },
      () => withdraw.mutateAsync(request.id),
      'The request could not be withdrawn.',
    );

  return (
    <article
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4"
      data-testid="order-request"
      aria-label={`Request ${request.number}`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="flex flex-wrap items-baseline gap-2">
          <span className="font-mono font-semibold">{request.number}</span>
          <span className={`badge ${STATUS_BADGE[request.status]}`}>{request.status}</span>
          {request.kind === 'quote' ? <span className="badge badge-outline">Accepted quote</span> : null}
        </span>
        <span className="text-sm text-base-content/80">
          {request.buyer.name} · {formatDay(request.createdAt)}
        </span>
      </header>
      <p className="text-sm" data-testid="request-reason">
        {request.reason}
      </p>
      <ul className="flex flex-col text-sm">
        {request.lines.map((line, index) => (
          <li key={`${line.productId ?? line.name}-${index}`} className="flex justify-between gap-3">
            <span className="min-w-0 break-words">
              {line.sku ? <span className="font-mono">{line.sku}</span> : null} {line.name} × {line.quantity}
            </span>
            <span className="whitespace-nowrap">$ {formatPrice(line.total)}</span>
          </li>
        ))}
      </ul>
      <p className="text-right font-semibold" data-testid="request-total">
        Total $ {formatPrice(request.total)}
      </p>
      <p className="text-xs text-base-content/80 break-words">
        Deliver to {request.address} · {request.phone}
        {request.poReference ? ` · PO ${request.poReference}` : ''} ·{' '}
        {request.paymentMethod === 'invoice' ? 'by invoice' : 'by card'}
        {pending ? ` · waits until ${formatDay(request.expiresAt)}` : ''}
      </p>
      {request.decidedBy ? (
        <p className="text-sm" data-testid="request-decision">
          {request.status === 'approved' ? 'Approved' : 'Decided'} by {request.decidedBy},{' '}
          {formatMoment(request.decidedAt)}
          {request.comment ? `: “${request.comment}”` : ''}
        </p>
      ) : null}
      {request.status === 'approved' && request.checkoutId ? (
        <Link
          to={paths.checkoutPay.getHref(request.checkoutId)}
          className="link link-primary self-start text-sm"
        >
          The checkout it placed
        </Link>
      ) : null}
      {pending && canApprove && !own ? <DecisionForm request={request} onApproved={onApproved} /> : null}
      {pending && own ? (
        <button
          type="button"
          className="btn btn-sm btn-outline self-start"
          disabled={withdraw.isPending}
          onClick={() => void onWithdraw()}
        >
          Withdraw
        </button>
      ) : null}
      <Alert>{failure}</Alert>
    </article>
  );
};
