import { useActionFailure } from '@/lib/use-action-failure';
import type { z } from 'zod';
import { COMPANY_ROLE_LABELS } from '@forgeline/shared/company-roles';
import type { Invitation, InvitationBodySchema } from '@forgeline/shared/schemas/company';
import { Alert, DANGER_BUTTON_CLASS } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { RoleSelect } from '@/components/ui/role-select';
import { PanelSection } from '@/components/ui/panel-section';
import { SubmitButton } from '@/components/ui/submit-button';
import { WrapPoints } from '@/components/ui/wrap-points';
import { formatDay } from '@/lib/format-date';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/toast';
import { useInvitations, useInvite, useResendInvitation, useRevokeInvitation } from '../api/invitations';
import { PanelList } from './panel-list';
import { SchemaForm } from '@/components/ui/card-form';

const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.InvitationBodySchema));
type InviteInput = z.input<typeof InvitationBodySchema>;
type InviteValues = z.output<typeof InvitationBodySchema>;

/** The company admin invites by e-mail and role, and re-sends or revokes the links not yet used. */
export const InvitationsPanel = () => {
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const { failure, attempt, confirmThen } = useActionFailure();

  const onResend = (invitation: Invitation) =>
    attempt(async () => {
      await resend.mutateAsync(invitation.id);
      toast.success(`A new link went to ${invitation.email}; the old one no longer works.`);
    }, 'The invitation could not be sent again.');
  const onRevoke = (invitation: Invitation) =>
    confirmThen(
      { button: 'Yes, revoke', detail: `The link sent to ${invitation.email} stops working.` },
      async () => {
        await revoke.mutateAsync(invitation.id);
        toast.success(`The invitation of ${invitation.email} is revoked.`);
      },
      'The invitation could not be revoked.',
    );

  return (
    <PanelSection id="invitations-title" title="Invitations">
      <InviteForm />
      <PanelList
        query={invitations}
        subject="the invitations"
        emptyText="No invitation is waiting to be used."
        failure={failure}
        failureTestId="invitations-error"
        className="flex flex-col gap-2"
        itemKey={(invitation) => invitation.id}
        itemTestId="invitation"
        itemClassName="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-3"
        renderItem={(invitation) => (
          <>
            <span className="flex min-w-0 flex-col">
              <span className="font-semibold">
                <WrapPoints text={invitation.email} />
              </span>
              <span className="text-sm text-base-content/80">
                {COMPANY_ROLE_LABELS[invitation.role]} ·{' '}
                {invitation.status === 'expired' ? (
                  <span className="badge badge-ghost">Expired {formatDay(invitation.expiresAt)}</span>
                ) : (
                  `Pending, valid until ${formatDay(invitation.expiresAt)}`
                )}
              </span>
            </span>
            <span className="flex gap-1">
              <button
                type="button"
                className="btn btn-sm btn-outline"
                aria-label={`Resend the invitation of ${invitation.email}`}
                disabled={resend.isPending}
                onClick={() => void onResend(invitation)}
              >
                Resend
              </button>
              <button
                type="button"
                className={DANGER_BUTTON_CLASS}
                aria-label={`Revoke the invitation of ${invitation.email}`}
                disabled={revoke.isPending}
                onClick={() => void onRevoke(invitation)}
              >
                Revoke
              </button>
            </span>
          </>
        )}
      />
    </PanelSection>
  );
};

const InviteForm = () => {
  const invite = useInvite();
  const { failure, attempt } = useActionFailure();
  const { reset, field, submit } = useSchemaForm<InviteInput, InviteValues>(resolver, {
    defaultValues: { email: '', role: 'buyer' },
  });
  const send = submit((values) =>
    attempt(async () => {
      await invite.mutateAsync(values);
      toast.success(`Invitation sent to ${values.email}.`);
      reset({ email: '', role: values.role });
    }, 'The invitation could not be sent.'),
  );

  return (
    <SchemaForm
      {...send}
      className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
      aria-label="Invite a colleague"
    >
      <FormField label="E-mail" type="email" {...field('email')} />
      <RoleSelect id="invite-role" className="select w-full" {...field('role')} />
      <SubmitButton isLoading={invite.isPending} className="sm:mt-7">
        Invite
      </SubmitButton>
      <Alert data-testid="invite-error" className="sm:col-span-3">
        {failure}
      </Alert>
    </SchemaForm>
  );
};
