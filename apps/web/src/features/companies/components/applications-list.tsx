import { useState, type FormEvent } from 'react';
import type { CompanyApplication } from '@forgeline/shared/schemas/company';
import { LIMITS } from '@forgeline/shared/constants';
import { dashboardPaths } from '@/config/dashboard-paths';
import { Alert } from '@/components/ui/alert';
import { Link } from '@/components/ui/link';
import { WrapPoints } from '@/components/ui/wrap-points';
import { actionFailed } from '@/lib/error-message';
import { formatDay } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useApproveApplication, useDeclineApplication } from '../api/applications';

const STATUS = { pending: 'Pending', approved: 'Approved', declined: 'Declined' } as const;

/** Pending first, then the newest: what waits for a decision is on top. */
const byPendingFirst = (a: CompanyApplication, b: CompanyApplication) =>
  Number(b.status === 'pending') - Number(a.status === 'pending') || b.createdAt.localeCompare(a.createdAt);

/** The business applications as cards (they read well at any width), each with Approve and Decline. */
export const ApplicationsList = ({ applications }: { applications: CompanyApplication[] }) => (
  <ul className="flex flex-col gap-3">
    {[...applications].sort(byPendingFirst).map((application) => (
      <ApplicationCard key={application.id} application={application} />
    ))}
  </ul>
);

const ApplicationCard = ({ application }: { application: CompanyApplication }) => {
  const approve = useApproveApplication();
  const [declining, setDeclining] = useState(false);
  const onApprove = async () => {
    try {
      const { company } = await approve.mutateAsync(application.id);
      toast.success(`${company.name} is a company now, ${application.applicant.email} its admin`);
    } catch (error) {
      toast.error(actionFailed('Failed to approve the application', error));
    }
  };
  return (
    <li
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4"
      data-testid="application"
      aria-labelledby={`application-${application.id}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`application-${application.id}`} className="text-lg font-bold break-words">
          {application.companyName}
        </h3>
        <span className={`badge ${application.status === 'pending' ? 'badge-warning' : 'badge-ghost'}`}>
          {STATUS[application.status]}
        </span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold">Tax ID</dt>
        <dd className="font-mono">{application.taxId ?? '—'}</dd>
        <dt className="font-semibold">Applicant</dt>
        <dd>
          {application.applicant.name} (<WrapPoints text={application.applicant.email} />)
        </dd>
        <dt className="font-semibold">Applied</dt>
        <dd>{formatDay(application.createdAt)}</dd>
        <dt className="font-semibold">Note</dt>
        <dd className="break-words">{application.note ?? '—'}</dd>
        {application.reason ? (
          <>
            <dt className="font-semibold">Reason</dt>
            <dd className="break-words">{application.reason}</dd>
          </>
        ) : null}
      </dl>
      {application.status === 'pending' ? (
        declining ? (
          <DeclineForm application={application} onDone={() => setDeclining(false)} />
        ) : (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={approve.isPending}
              aria-label={`Approve ${application.companyName}`}
              onClick={() => void onApprove()}
            >
              Approve
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              aria-label={`Decline ${application.companyName}`}
              onClick={() => setDeclining(true)}
            >
              Decline
            </button>
          </div>
        )
      ) : application.status === 'approved' ? (
        <Link className="link link-primary text-sm" to={dashboardPaths.companies.getHref()}>
          Find it under Companies
        </Link>
      ) : null}
    </li>
  );
};

/** Decline with an optional reason, which the applicant reads. */
const DeclineForm = ({ application, onDone }: { application: CompanyApplication; onDone: () => void }) => {
  const decline = useDeclineApplication();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = `decline-${application.id}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    // The server's length rule, checked here without loading zod on this page.
    if (trimmed.length > LIMITS.commentMax) {
      setError(`The reason must be ${LIMITS.commentMax} characters or fewer`);
      return;
    }
    try {
      await decline.mutateAsync({ id: application.id, ...(trimmed && { reason: trimmed }) });
      toast.success(`The application of ${application.companyName} is declined`);
      onDone();
    } catch (failure) {
      setError(actionFailed('Failed to decline the application', failure));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        Reason (optional, the applicant reads it)
      </label>
      <textarea
        id={id}
        className="textarea textarea-bordered w-full"
        maxLength={LIMITS.commentMax}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <Alert>{error}</Alert>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={decline.isPending}>
          Decline application
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
};
