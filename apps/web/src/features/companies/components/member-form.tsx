import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type {
  CompanyMember,
  CompanyMemberPatch,
  CompanyMemberPatchSchema,
} from '@forgeline/shared/schemas/company';
import { CheckboxField, MoneyField } from '@/components/ui/form-field';
import { RoleSelect } from '@/components/ui/role-select';
import { FormStateActions } from '@/components/ui/form-actions';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/toast';
import { useUpdateMember } from '../api/members';
import { CardForm } from '@/components/ui/card-form';

type MemberInput = z.input<typeof CompanyMemberPatchSchema>;

const resolver = lazyZodResolver(() =>
  import('../schemas').then((schemas) => schemas.CompanyMemberPatchSchema),
);

/** An empty limit box is no limit (null); the schema checks the number. */
const limitValue = (value: unknown) => (value === '' || value === null ? null : Number(value));

/** One member's role, 'sees all orders' (buyers) and limits in dollars (PATCH …/members/:userId). */
export const MemberForm = ({
  companyId,
  member,
  onDone,
}: {
  companyId: string;
  member: CompanyMember;
  onDone: () => void;
}) => {
  const update = useUpdateMember(companyId);
  const { register, formState, control, field, submit } = useSchemaForm<MemberInput, CompanyMemberPatch>(
    resolver,
    {
      defaultValues: {
        role: member.role,
        seesAllOrders: member.seesAllOrders,
        orderLimit: member.orderLimit,
        monthlyLimit: member.monthlyLimit,
      },
    },
  );
  const role = useWatch({ control, name: 'role' });

  const saveMember = submit(async (body) => {
    await update.mutateAsync({ userId: member.userId, body });
    toast.success(`${member.email} is saved`);
    onDone();
  }, 'The member could not be saved.');

  return (
    <CardForm {...saveMember} aria-label={`Edit ${member.email}`} className="max-w-xl" reveal>
      <h4 className="font-bold break-all">Edit {member.email}</h4>
      <RoleSelect id={`member-role-${member.userId}`} className="select select-bordered" {...field('role')} />
      {role === 'buyer' ? (
        <CheckboxField
          label="Sees every order of the company (not only their own)"
          {...register('seesAllOrders')}
        />
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <MoneyField
          label="Per-order limit ($)"
          hint="Empty: no limit. Above it, an order waits for an approver."
          min="0.01"
          {...field('orderLimit', { setValueAs: limitValue })}
        />
        <MoneyField
          label="Monthly limit ($)"
          hint="Empty: no limit. Counts this calendar month."
          min="0.01"
          {...field('monthlyLimit', { setValueAs: limitValue })}
        />
      </div>
      <FormStateActions formState={formState} submitText="Save member" onCancel={onDone} />
    </CardForm>
  );
};
