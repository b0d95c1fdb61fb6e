import { useActionFailure } from '@/lib/use-action-failure';
import type { z } from 'zod';
import type { CompanyMember } from '@forgeline/shared/schemas/company';
import { FormField } from '@/components/ui/form-field';
import { RoleSelect } from '@/components/ui/role-select';
import { FormActions } from '@/components/ui/form-actions';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/toast';
import { useUpdateMember } from '../api/members';
import type { MemberFormSchema } from '../schemas';
import { CardForm } from '@/components/ui/card-form';
import { ToggleField } from './toggle-field';

const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.MemberFormSchema));
type MemberInput = z.input<typeof MemberFormSchema>;
type MemberValues = z.output<typeof MemberFormSchema>;

/** The two spending limits, typed in dollars; an empty box is no limit. */
const LIMIT_FIELDS = [
  ['orderLimit', 'Limit per order ($)'],
  ['monthlyLimit', 'Limit per month ($)'],
] as const;

const dollarsText = (dollars: number | null) => (dollars === null ? '' : String(dollars));

/** The company admin sets a member's role, limits (dollars; empty = no limit) and 'sees all orders'. */
export const MemberForm = ({ member, onDone }: { member: CompanyMember; onDone: () => void }) => {
  const update = useUpdateMember();
  const { failure, attempt } = useActionFailure();
  const { register, field, submit } = useSchemaForm<MemberInput, MemberValues>(resolver, {
    defaultValues: {
      role: member.role,
      seesAllOrders: member.seesAllOrders,
      orderLimit: dollarsText(member.orderLimit),
      monthlyLimit: dollarsText(member.monthlyLimit),
    },
  });
  // The server has the last word, e.g. the last admin keeps their role.
  const saveMember = submit((patch) =>
    attempt(async () => {
      await update.mutateAsync({ userId: member.userId, patch });
      toast.success(`${member.name} saved.`);
      onDone();
    }, `${member.name} could not be saved.`),
  );

  return (
    <CardForm {...saveMember} aria-labelledby="member-form-title" reveal>
      <h4 id="member-form-title" className="font-bold">
        {member.name} · {member.email}
      </h4>
      <div className="grid gap-3 sm:grid-cols-3">
        <RoleSelect id="member-role" className="select w-full" {...field('role')} />
        {LIMIT_FIELDS.map(([name, label]) => (
          <FormField key={name} label={label} inputMode="decimal" placeholder="No limit" {...field(name)} />
        ))}
      </div>
      <ToggleField label="Sees all orders of the company" {...register('seesAllOrders')} />
      <FormActions
        failure={failure}
        failureTestId="member-error"
        saving={update.isPending}
        submitText="Save member"
        onCancel={onDone}
      />
    </CardForm>
  );
};
