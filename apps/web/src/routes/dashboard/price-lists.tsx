import { useState } from 'react';
import { useNavigate } from 'react-router';
import { dashboardPaths } from '@/config/dashboard-paths';
import { useCreatePriceList, usePriceLists } from '@/features/price-lists/api/price-lists';
import { PriceListTermsForm } from '@/features/price-lists/components/price-list-terms-form';
import { PriceListsTable } from '@/features/price-lists/components/price-lists-table';
import { ListQueryState } from '@/components/ui/query-state';
import { DashboardPage } from '@/components/ui/dashboard-page';
import { toast } from '@/lib/toast';

/**
 * /dashboard/priceLists, admins only (decision 0217): the contract price lists with their validity, rule,
 * parts and holders, and 'New price list', which opens the new list's page.
 */
const PriceListsRoute = () => {
  const lists = usePriceLists();
  const create = useCreatePriceList();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <DashboardPage
      title="Price lists"
      intro={
        <>
          A price list gives the companies or customer groups it is assigned to their own prices: a percentage
          off the list price, fixed prices for some parts, or both. Where several lists price a part, the
          highest priority wins.
        </>
      }
      actions={
        creating ? null : (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)}>
            New price list
          </button>
        )
      }
    >
      {creating ? (
        <PriceListTermsForm
          label="New price list"
          submitText="Create price list"
          onCancel={() => setCreating(false)}
          save={async (body) => {
            const list = await create.mutateAsync(body);
            toast.success(`${list.name} is created: add parts and assign it below`);
            await navigate(dashboardPaths.priceList.getHref(list.id));
          }}
        />
      ) : null}
      <ListQueryState
        query={lists}
        subject="the price lists"
        empty="No price lists yet: every customer pays the list price."
      >
        {(data) => <PriceListsTable lists={data} />}
      </ListQueryState>
    </DashboardPage>
  );
};

export default PriceListsRoute;
