import { useState } from 'react';
import type { CompanyMember } from '@forgeline/shared/schemas/company';
import { formatPrice } from '@forgeline/shared/money';
import { DANGER_BUTTON_CLASS } from '@/components/ui/alert';
import { DataTable } from '@/components/ui/data-table';
import { WrapPoints } from '@/components/ui/wrap-points';
import { confirmDialog } from '@/lib/dialogs';
import { actionFailed } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useRemoveMember } from '../api/members';
import { ROLE_LABELS } from '../roles';
import { AttachMemberForm } from './attach-member-form';
import { MemberForm } from './member-form';

const dollars = (value: number | null) => (value === null ? 'None' : `$ ${formatPrice(value)}`);

/** The members with their roles and limits; edit, remove, and attach an existing customer. */
export const CompanyMembers = ({ companyId, members }: { companyId: string; members: CompanyMember[] }) => {
  const remove = useRemoveMember(companyId);
  const [editing, setEditing] = useState<CompanyMember | null>(null);

  const onRemove = async (member: CompanyMember) => {
    if (!(await confirmDialog('Yes, remove', `${member.email} leaves the company; the account stays.`)))
      return;
    try {
      await remove.mutateAsync(member.userId);
      toast.success(`${member.email} is no longer a member`);
      if (editing?.userId === member.userId) setEditing(null);
    } catch (error) {
      // The last company admin cannot go: the server says so.
      toast.error(actionFailed('Failed to remove the member', error));
    }
  };

  return (
    <section aria-labelledby="company-members" className="flex flex-col gap-3">
      <h3 id="company-members" className="text-lg font-bold">
        Members ({members.length})
      </h3>
      {members.length === 0 ? (
        <p className="text-sm">No members yet: attach the customer who will run the account as its admin.</p>
      ) : (
        <DataTable
          label="Members table"
          stackBelow="3xl"
          columns={['Member', 'Role', 'Per order', 'Monthly (spent)', 'Actions']}
          rows={members}
          renderRow={(member) => (
            <tr key={member.userId} data-testid="member-row">
              <th scope="row" data-label="Member">
                <span className="block">{member.name}</span>
                <span className="block text-xs font-normal">
                  <WrapPoints text={member.email} />
                </span>
              </th>
              <td data-label="Role">
                {ROLE_LABELS[member.role]}
                {member.role === 'buyer' && member.seesAllOrders ? (
                  <span className="block text-xs">sees all orders</span>
                ) : null}
              </td>
              <td data-label="Per order">{dollars(member.orderLimit)}</td>
              <td data-label="Monthly (spent)">
                {dollars(member.monthlyLimit)} ($ {formatPrice(member.spentThisMonth)})
              </td>
              <td data-label="Actions">
                <div className="flex flex-wrap gap-1">
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    aria-label={`Edit ${member.email}`}
                    onClick={() => setEditing(member)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={DANGER_BUTTON_CLASS}
                    aria-label={`Remove ${member.email}`}
                    disabled={remove.isPending && remove.variables === member.userId}
                    onClick={() => void onRemove(member)}
                  >
                    Remove
                  </button>
                </div>
              </td>
            </tr>
          )}
        />
      )}
      {editing ? (
        <MemberForm
          key={editing.userId}
          companyId={companyId}
          member={editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <AttachMemberForm companyId={companyId} />
    </section>
  );
};
