import { useId } from 'react';
import { QueryState } from '@/components/ui/query-state';
import { actionFailed } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useCompanyPricing, useCustomerGroups, useSetCompanyGroup } from '../api/price-lists';
import { ruleLabel, validityLabel } from '../breaks';
import { PriceCheck } from './price-check';

/** A company's customer group (chosen here) and the price lists it holds, directly or through the group. */
const GroupAndLists = ({ companyId }: { companyId: string }) => {
  const id = useId();
  const pricing = useCompanyPricing(companyId);
  const groups = useCustomerGroups();
  const setGroup = useSetCompanyGroup(companyId);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Prices
      </h3>
      <QueryState
        query={pricing}
        loadingLabel="Loading the company's prices"
        errorText="Its prices could not be loaded."
      >
        {(data) => (
          <>
            <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-group`}>
              <span className="font-semibold">Customer group</span>
              <select
                id={`${id}-group`}
                className="select select-sm max-w-xs"
                value={data.group?.id ?? ''}
                disabled={setGroup.isPending}
                onChange={(event) =>
                  void setGroup
                    .mutateAsync(event.target.value || null)
                    .then(() => toast.success('The customer group is saved'))
                    .catch((error: unknown) => toast.error(actionFailed('Failed to change the group', error)))
                }
              >
                <option value="">No group</option>
                {data.group && !groups.data?.some((group) => group.id === data.group?.id) ? (
                  <option value={data.group.id}>{data.group.name}</option>
                ) : null}
                {(groups.data ?? []).map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name}
                  </option>
                ))}
              </select>
            </label>
            {data.lists.length === 0 ? (
              <p className="text-sm text-base-content/75">No price lists: it pays the list price.</p>
            ) : (
              <ul className="flex flex-col gap-1 text-sm" aria-label="Its price lists">
                {data.lists.map((list) => (
                  <li key={list.id}>
                    <strong>{list.name}</strong>: {ruleLabel(list.percentOff, list.ruleScope)},{' '}
                    {validityLabel(list.validFrom, list.validTo).toLowerCase()}; priority {list.priority},
                    through {list.heldBy === 'group' ? 'its group' : 'the company itself'}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
};

/** The admin company page's prices: group, lists, and the price check. */
export const CompanyPricingPanel = ({ companyId }: { companyId: string }) => (
  <div className="grid gap-4 lg:grid-cols-2">
    <GroupAndLists companyId={companyId} />
    <PriceCheck companyId={companyId} />
  </div>
);
