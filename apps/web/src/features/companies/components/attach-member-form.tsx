import type { z } from 'zod';
import type { AttachMemberBodySchema } from '@forgeline/shared/schemas/company';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { RoleSelect } from '@/components/ui/role-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/toast';
import { useAttachMember } from '../api/members';
import { ROLE_LABELS } from '../roles';
import { CardForm } from '@/components/ui/card-form';

type AttachInput = z.input<typeof AttachMemberBodySchema>;
type AttachBody = z.output<typeof AttachMemberBodySchema>;

const resolver = lazyZodResolver(() =>
  import('../schemas').then((schemas) => schemas.AttachMemberBodySchema),
);

/**
 * 'Attach a customer': an account that exists and is in no company joins in a role. The server's 404
 * (no such account) and 409 (in a company already) read as its message.
 */
export const AttachMemberForm = ({ companyId }: { companyId: string }) => {
  const attach = useAttachMember(companyId);
  const { formState, reset, field, submit } = useSchemaForm<AttachInput, AttachBody>(resolver, {
    defaultValues: { email: '', role: 'buyer' },
  });

  const attachMember = submit(async (body) => {
    const member = await attach.mutateAsync(body);
    toast.success(`${member.email} joined as ${ROLE_LABELS[member.role]}`);
    reset();
  }, 'The customer could not be attached.');

  return (
    <CardForm {...attachMember} aria-label="Attach a customer">
      <h4 className="font-bold">Attach a customer</h4>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <FormField label="Customer's e-mail" type="email" autoComplete="off" {...field('email')} />
        <RoleSelect id="attach-role" className="select select-bordered w-full" {...field('role')} />
        <SubmitButton isLoading={formState.isSubmitting} className="sm:mt-7">
          Attach
        </SubmitButton>
      </div>
      <Alert>{formState.errors.root?.message}</Alert>
    </CardForm>
  );
};
