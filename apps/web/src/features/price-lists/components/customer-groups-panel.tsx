import { useState } from 'react';
import type { CustomerGroup } from '@forgeline/shared/schemas/price-list';
import { dashboardPaths } from '@/config/dashboard-paths';
import { Link } from '@/components/ui/link';
import { DataTable } from '@/components/ui/data-table';
import { confirmDialog } from '@/lib/dialogs';
import { actionFailed, errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useCreateGroup, useDeleteGroup, useRenameGroup } from '../api/price-lists';

/** One line of text and a button: a new group's name, or a group's new name. */
const NameForm = ({
  label,
  initial = '',
  submitText,
  onSave,
  onCancel,
}: {
  label: string;
  initial?: string;
  submitText: string;
  onSave: (name: string) => Promise<unknown>;
  onCancel?: () => void;
}) => {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  return (
    <form
      aria-label={label}
      className="flex flex-wrap items-start gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === '') return setProblem('Name is required');
        setSaving(true);
        onSave(name.trim())
          .then(() => setName(''))
          .catch((error: unknown) => setProblem(errorMessage(error, 'The group could not be saved.')))
          .finally(() => setSaving(false));
      }}
    >
      <label className="flex flex-col gap-1 text-sm">
        <span className="sr-only">{label}</span>
        <input
          className="input input-sm"
          value={name}
          placeholder="Group name"
          aria-invalid={problem !== null}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
        />
        {problem ? <span className="text-error">{problem}</span> : null}
      </label>
      <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
        {submitText}
      </button>
      {onCancel ? (
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </form>
  );
};

/** Customer groups: each with its companies; create, rename, delete. */
export const CustomerGroupsPanel = ({ groups }: { groups: CustomerGroup[] }) => {
  const create = useCreateGroup();
  const rename = useRenameGroup();
  const remove = useDeleteGroup();
  const [renaming, setRenaming] = useState<string | null>(null);
  const drop = async (group: CustomerGroup) => {
    const detail = `${group.companies.length} companies leave it, and the price lists and part access given to it end.`;
    if (!(await confirmDialog(`Delete ${group.name}`, detail))) return;
    try {
      await remove.mutateAsync(group.id);
      toast.success(`${group.name} is deleted`);
    } catch (error) {
      toast.error(actionFailed('Failed to delete the group', error));
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <NameForm
        label="New customer group"
        submitText="Add group"
        onSave={(name) => create.mutateAsync(name)}
      />
      {groups.length === 0 ? (
        <p className="text-sm text-base-content/75">No customer groups yet.</p>
      ) : (
        <DataTable
          label="Customer groups table"
          stackBelow="2xl"
          columns={['Group', 'Companies', { srOnly: 'Actions' }]}
          rows={groups}
          renderRow={(group) => (
            <tr key={group.id} data-testid="group-row">
              <th scope="row" data-label="Group">
                {renaming === group.id ? (
                  <NameForm
                    label={`Rename ${group.name}`}
                    initial={group.name}
                    submitText="Save"
                    onCancel={() => setRenaming(null)}
                    onSave={async (name) => {
                      await rename.mutateAsync({ id: group.id, name });
                      setRenaming(null);
                    }}
                  />
                ) : (
                  group.name
                )}
              </th>
              <td data-label="Companies">
                {group.companies.length === 0
                  ? 'None yet: choose the group on a company’s page'
                  : group.companies.map((company, index) => (
                      <span key={company.id}>
                        {index > 0 ? ', ' : ''}
                        <Link className="link" to={dashboardPaths.adminCompany.getHref(company.id)}>
                          {company.name}
                        </Link>
                      </span>
                    ))}
              </td>
              <td className="flex flex-wrap gap-2">
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => setRenaming(group.id)}>
                  Rename
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs text-error"
                  onClick={() => void drop(group)}
                >
                  Delete
                </button>
              </td>
            </tr>
          )}
        />
      )}
    </div>
  );
};
