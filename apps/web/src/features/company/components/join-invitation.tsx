import { useActionFailure } from '@/lib/use-action-failure';
import { useNavigate } from 'react-router';
import { COMPANY_ROLE_LABELS } from '@forgeline/shared/schemas/company';
import { Alert } from '@/components/ui/alert';
import { Link } from '@/components/ui/link';
import { Loading } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { dashboardPaths } from '@/config/dashboard-paths';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { formatDay } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useAcceptInvitation, useInvitationPreview } from '../api/join-company';

/** Why a link shows no offer: 410 expired, 404 used, revoked or never issued. */
const problemOf = (error: Error) =>
  error instanceof ApiError && error.status === 410
    ? {
        title: 'This invitation has expired',
        text: 'Invitation links work for 7 days. Ask your company admin to send you a new one.',
      }
    : error instanceof ApiError && error.status === 404
      ? {
          title: 'This invitation link no longer works',
          text: 'It was used already, revoked, or replaced by a newer link. Ask your company admin for a new invitation if you still need one.',
        }
      : { title: 'The invitation could not be loaded', text: 'Please try again in a moment.' };

/**
 * The offer of an invitation link. A visitor signs in or up and comes back here; a signed-in person
 * joins (the server checks that their e-mail is the invited one) and lands on the Company page.
 */
export const JoinInvitation = ({ token }: { token: string }) => {
  const preview = useInvitationPreview(token);
  const session = useSession();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const { failure, attempt } = useActionFailure();
  const here = paths.join.getHref(token);

  if (preview.isPending || session.isPending) return <Loading label="Loading the invitation" />;
  if (preview.isError) {
    const problem = problemOf(preview.error);
    return (
      <div role="alert" className="flex flex-col gap-2" data-testid="join-problem">
        <h1 className="text-2xl font-extrabold">{problem.title}</h1>
        <p>{problem.text}</p>
      </div>
    );
  }

  const { companyName, role, email, expiresAt } = preview.data;
  const user = session.user;
  const join = async () => {
    await attempt(async () => {
      await accept.mutateAsync(token);
      toast.success(`Welcome to ${companyName.replace(/\.$/, '')}.`);
      await navigate(dashboardPaths.company.getHref(), { replace: true });
    }, 'You could not join the company. Please try again.');
  };

  return (
    <div className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-6">
      <h1 className="text-2xl font-extrabold break-words" data-testid="join-offer">
        You are invited to join {companyName} as {COMPANY_ROLE_LABELS[role].toLowerCase()}
      </h1>
      <p className="text-sm text-base-content/80">
        The invitation is for {email} and is valid until {formatDay(expiresAt)}.
      </p>
      {user ? (
        <>
          {user.email.toLowerCase() !== email.toLowerCase() ? (
            <p className="text-sm" data-testid="join-other-account">
              You are signed in as {user.email}: only the account of {email} can join.
            </p>
          ) : null}
          <SubmitButton type="button" isLoading={accept.isPending} onClick={() => void join()}>
            Join {companyName}
          </SubmitButton>
          <Alert data-testid="join-error">{failure}</Alert>
        </>
      ) : (
        <>
          <p>Sign in with {email}, or create an account with it, to join.</p>
          <div className="flex flex-wrap gap-2">
            <Link to={paths.auth.login.getHref(here)} className="btn btn-primary">
              Sign in
            </Link>
            <Link to={paths.auth.signup.getHref(here)} className="btn btn-outline">
              Sign up
            </Link>
          </div>
        </>
      )}
    </div>
  );
};
