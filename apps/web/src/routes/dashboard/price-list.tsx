import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { PriceListDetail } from '@forgeline/shared/schemas/price-list';
import { dashboardPaths } from '@/config/dashboard-paths';
import { useDeletePriceList, usePriceList, useUpdatePriceList } from '@/features/price-lists/api/price-lists';
import { AssignmentsPanel } from '@/features/price-lists/components/assignments-panel';
import { PriceListItems } from '@/features/price-lists/components/price-list-items';
import { PriceListTermsForm } from '@/features/price-lists/components/price-list-terms-form';
import { ruleLabel, validityLabel } from '@/features/price-lists/breaks';
import { Link } from '@/components/ui/link';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { confirmDialog } from '@/lib/dialogs';
import { actionFailed } from '@/lib/error-message';
import { toast } from '@/lib/toast';

/** Loaded when opened, as Manage Products' import. */
const ImportPriceListPanel = lazy(() => import('@/features/price-lists/components/import-price-list-panel'));

const Terms = ({ list }: { list: PriceListDetail }) => {
  const update = useUpdatePriceList(list.id);
  const remove = useDeletePriceList();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <PriceListTermsForm
        list={list}
        label="Terms of the price list"
        submitText="Save terms"
        onCancel={() => setEditing(false)}
        save={async (body) => {
          await update.mutateAsync(body);
          toast.success('The terms are saved');
          setEditing(false);
        }}
      />
    );
  }
  const drop = async () => {
    if (!(await confirmDialog(`Delete ${list.name}`, 'Its parts and assignments go with it.'))) return;
    try {
      await remove.mutateAsync(list.id);
      toast.success(`${list.name} is deleted`);
      await navigate(dashboardPaths.priceLists.getHref());
    } catch (error) {
      toast.error(actionFailed('Failed to delete the price list', error));
    }
  };
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">Valid</dt>
      <dd data-testid="price-list-validity">{validityLabel(list.validFrom, list.validTo)}</dd>
      <dt className="font-semibold">Rule</dt>
      <dd data-testid="price-list-rule">{ruleLabel(list.percentOff, list.ruleScope)}</dd>
      <dd className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="button" className="btn btn-sm" onClick={() => setEditing(true)}>
          Edit terms
        </button>
        <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => void drop()}>
          Delete list
        </button>
      </dd>
    </dl>
  );
};

/** /dashboard/priceLists/:id, admins only: one list's terms, parts (with CSV) and assignments. */
const PriceListRoute = () => {
  const { id = '' } = useParams();
  const list = usePriceList(id);
  const [importing, setImporting] = useState(false);
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-5">
      <div>
        <Link className="btn btn-ghost btn-sm" to={dashboardPaths.priceLists.getHref()}>
          ← Price lists
        </Link>
      </div>
      <QueryState
        query={list}
        subject="the price list"
        errorText={(error) => (
          <span id="dashboard-title">
            {error instanceof ApiError && error.status === 404
              ? 'There is no such price list.'
              : 'The price list could not be loaded.'}
          </span>
        )}
      >
        {(data) => (
          <>
            <h2 id="dashboard-title" className="text-2xl font-bold break-words">
              {data.name}
            </h2>
            <Terms list={data} />
            {importing ? (
              <Suspense fallback={<p>Loading…</p>}>
                <ImportPriceListPanel listId={data.id} onClose={() => setImporting(false)} />
              </Suspense>
            ) : null}
            <PriceListItems list={data} onImport={() => setImporting(true)} />
            <AssignmentsPanel list={data} />
          </>
        )}
      </QueryState>
    </section>
  );
};

export default PriceListRoute;
