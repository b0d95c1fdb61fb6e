import { useState } from 'react';
import type { PriceListAssignment, PriceListDetail } from '@forgeline/shared/schemas/price-list';
import { DataTable } from '@/components/ui/data-table';
import { actionFailed } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useAddAssignment, useChangeAssignment, useRemoveAssignment } from '../api/price-lists';
import { HolderPicker } from './holder-picker';

const PriorityField = ({ listId, assignment }: { listId: string; assignment: PriceListAssignment }) => {
  const change = useChangeAssignment(listId);
  const [value, setValue] = useState(String(assignment.priority));
  const save = async () => {
    const priority = Number(value);
    if (!Number.isInteger(priority) || priority === assignment.priority) return;
    try {
      await change.mutateAsync({ assignmentId: assignment.id, priority });
      toast.success(`Priority for ${assignment.holder.name}: ${priority}`);
    } catch (error) {
      toast.error(actionFailed('Failed to change the priority', error));
      setValue(String(assignment.priority));
    }
  };
  return (
    <input
      type="number"
      step={1}
      className="input input-sm w-24"
      aria-label={`Priority for ${assignment.holder.name}`}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void save();
      }}
    />
  );
};

/** Whom a list is given to (companies, customer groups) with each one's priority: higher wins. */
export const AssignmentsPanel = ({ list }: { list: PriceListDetail }) => {
  const add = useAddAssignment(list.id);
  const remove = useRemoveAssignment(list.id);
  const [priority, setPriority] = useState('0');
  return (
    <section aria-labelledby="price-list-assignments" className="flex flex-col gap-3">
      <h3 id="price-list-assignments" className="text-lg font-bold">
        Assigned to ({list.assignments.length})
      </h3>
      <p className="text-sm text-base-content/75">
        Where several lists price a part for a buyer, the highest priority wins; at the same priority a
        company’s own list beats its group’s.
      </p>
      {list.assignments.length > 0 ? (
        <DataTable
          label="Assignments of the price list"
          stackBelow="2xl"
          compact
          columns={['Company or group', 'Priority', { srOnly: 'Actions' }]}
          rows={list.assignments}
          renderRow={(assignment) => (
            <tr key={assignment.id} data-testid="assignment-row">
              <th scope="row" data-label="Company or group">
                {assignment.holder.name}{' '}
                <span className="badge badge-ghost badge-sm">{assignment.holder.kind}</span>
              </th>
              <td data-label="Priority">
                <PriorityField listId={list.id} assignment={assignment} />
              </td>
              <td>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs text-error"
                  onClick={() =>
                    void remove
                      .mutateAsync(assignment.id)
                      .then(() => toast.success(`${list.name} is taken back from ${assignment.holder.name}`))
                      .catch((error: unknown) => toast.error(actionFailed('Failed to remove', error)))
                  }
                >
                  Remove
                </button>
              </td>
            </tr>
          )}
        />
      ) : null}
      <div className="flex flex-wrap items-end gap-2 rounded-box border border-base-300 bg-base-100 p-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">Priority</span>
          <input
            type="number"
            step={1}
            className="input input-sm w-24"
            value={priority}
            onChange={(event) => setPriority(event.target.value)}
          />
        </label>
        <HolderPicker
          disabled={add.isPending}
          onChoose={(holder) =>
            void add
              .mutateAsync({
                ...(holder.kind === 'company' ? { companyId: holder.id } : { groupId: holder.id }),
                priority: Number(priority) || 0,
              })
              .then(() => toast.success(`${list.name} is given to ${holder.name}`))
              .catch((error: unknown) => toast.error(actionFailed('Failed to assign the list', error)))
          }
        />
      </div>
    </section>
  );
};
