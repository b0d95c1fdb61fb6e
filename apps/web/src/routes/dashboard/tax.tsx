import { ListQueryState } from '@/components/ui/query-state';
import { useTaxRates } from '@/features/tax/api/tax';
import { ExemptionsPanel } from '@/features/tax/components/exemptions-panel';
import { RateForm } from '@/features/tax/components/rate-form';
import { RatesList } from '@/features/tax/components/rates-list';
import { TaxReportLink } from '@/features/tax/components/tax-report-link';
import { DashboardPage } from '@/components/ui/dashboard-page';

/**
 * /dashboard/tax, admins only (decision 0231): the tax rates by country with 'Add a rate', the
 * certificates waiting for review, and the tax report's download.
 */
const TaxRoute = () => {
  const rates = useTaxRates();
  return (
    <DashboardPage
      title="Tax"
      intro={
        <>
          Orders are taxed at the rate in force on the day they are placed, for the buyer’s country (and US
          state). A place and category has one rate on any day: end a rate before adding the next.
        </>
      }
    >
      <RateForm />
      <ListQueryState
        query={rates}
        subject="the tax rates"
        empty="No tax rates yet: orders that must be taxed are refused until one is set."
      >
        {(data) => <RatesList rates={data} />}
      </ListQueryState>
      <ExemptionsPanel />
      <TaxReportLink />
    </DashboardPage>
  );
};

export default TaxRoute;
