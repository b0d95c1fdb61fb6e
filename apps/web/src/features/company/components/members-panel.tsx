import { useState } from 'react';
import { useActionFailure } from '@/lib/use-action-failure';
import { formatPrice } from '@forgeline/shared/money';
import { COMPANY_ROLE_LABELS, COMPANY_ROLE_RIGHTS } from '@forgeline/shared/company-roles';
import type { CompanyMember } from '@forgeline/shared/schemas/company';
import { Alert, DANGER_BUTTON_CLASS } from '@/components/ui/alert';
import { DataTable } from '@/components/ui/data-table';
import { PanelSection } from '@/components/ui/panel-section';
import { QueryState } from '@/components/ui/query-state';
import { WrapPoints } from '@/components/ui/wrap-points';
import { useCompanyMembers, useRemoveMember } from '../api/members';
import { MemberForm } from './member-form';

const limit = (dollars: number | null) => (dollars === null ? 'No limit' : `$ ${formatPrice(dollars)}`);

/** The members and their limits; the company admin edits a member or removes one (never themselves here). */
export const MembersPanel = ({ me, canManage }: { me: CompanyMember; canManage: boolean }) => {
  const members = useCompanyMembers();
  const remove = useRemoveMember();
  const [editing, setEditing] = useState<CompanyMember | null>(null);
  const { failure, confirmThen } = useActionFailure();

  const onRemove = (member: CompanyMember) =>
    confirmThen(
      { button: 'Yes, remove', detail: `${member.name} leaves the company.` },
      () => remove.mutateAsync(member.userId),
      `${member.name} could not be removed.`,
    );

  return (
    <PanelSection id="members-title" title="Members">
      <Alert data-testid="members-error">{failure}</Alert>
      {editing ? <MemberForm key={editing.userId} member={editing} onDone={() => setEditing(null)} /> : null}
      <QueryState query={members} subject="the members">
        {(list) => (
          <DataTable
            label="Members table"
            stackBelow="3xl"
            compact
            columns={[
              'Name',
              'E-mail',
              'Role',
              'Limit per order',
              'Limit per month',
              'Spent this month',
              'Sees all orders',
              ...(canManage ? ['Action'] : []),
            ]}
            rows={list}
            renderRow={(member) => (
              <tr key={member.userId} data-testid="member-row">
                <th scope="row" data-label="Name">
                  {member.name}
                  {member.userId === me.userId ? ' (you)' : ''}
                </th>
                <td data-label="E-mail">
                  <WrapPoints text={member.email} />
                </td>
                <td data-label="Role">{COMPANY_ROLE_LABELS[member.role]}</td>
                <td data-label="Limit per order">{limit(member.orderLimit)}</td>
                <td data-label="Limit per month">{limit(member.monthlyLimit)}</td>
                <td data-label="Spent this month">$ {formatPrice(member.spentThisMonth)}</td>
                <td data-label="Sees all orders">
                  {COMPANY_ROLE_RIGHTS[member.role].seeAllOrders
                    ? 'Yes (role)'
                    : member.seesAllOrders
                      ? 'Yes'
                      : 'No'}
                </td>
                {canManage ? (
                  <td data-action="edit">
                    <span className="flex flex-wrap gap-1">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline"
                        aria-label={`Edit ${member.name}`}
                        onClick={() => setEditing(member)}
                      >
                        Edit
                      </button>
                      {member.userId === me.userId ? null : (
                        <button
                          type="button"
                          className={DANGER_BUTTON_CLASS}
                          aria-label={`Remove ${member.name}`}
                          disabled={remove.isPending}
                          onClick={() => void onRemove(member)}
                        >
                          Remove
                        </button>
                      )}
                    </span>
                  </td>
                ) : null}
              </tr>
            )}
          />
        )}
      </QueryState>
    </PanelSection>
  );
};
