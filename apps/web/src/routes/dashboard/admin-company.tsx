import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import type { CompanyDetail } from '@forgeline/shared/schemas/company';
import { dashboardPaths } from '@/config/dashboard-paths';
import { useCompanyDetail, useSetCompanyTerms } from '@/features/companies/api/companies';
import { CompanyDetails } from '@/features/companies/components/company-details';
import { CompanyTerms } from '@/features/companies/components/company-terms';
import { CompanyMembers } from '@/features/companies/components/company-members';
import { CompanyRecords } from '@/features/companies/components/company-records';
import { ExemptionsPanel } from '@/features/tax/components/exemptions-panel';
import { VatVerificationPanel } from '@/features/tax/components/vat-status';
import { CompanyPricingPanel } from '@/features/price-lists/components/company-pricing-panel';
import { PunchoutSettingsPanel } from '@/features/punchout/components/punchout-settings-panel';
import { OrderForCustomerForm } from '@/features/companies/components/order-for-customer-form';
import type { PartPicker } from '@/features/companies/components/order-lines';
import { getProducts } from '@/features/products/api/get-products';
import { PartCombobox, type SearchParts } from '@/components/ui/part-combobox';
import { Link } from '@/components/ui/link';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';

/** Loaded when the admin opens it, as Make Admin's. */
const TermsEditorDialog = lazy(async () => ({
  default: (await import('@/features/payment-terms/components/terms-dialog')).TermsEditorDialog,
}));

/** The catalogue's search, its first matches: what the part picker offers (as in a quote request). */
const searchParts: SearchParts = async (search, signal) =>
  (await getProducts({ search, page: 1, limit: 10, signal })).products;
const CataloguePartPicker: PartPicker = (props) => <PartCombobox {...props} search={searchParts} />;

/** The payment terms and their editor (payment-terms' dialog, saving with PATCH /companies/:id/terms). */
const TermsPanel = ({ detail }: { detail: CompanyDetail }) => {
  const [editing, setEditing] = useState(false);
  const save = useSetCompanyTerms(detail.company.id);
  return (
    <>
      <CompanyTerms terms={detail.company.terms} onEdit={() => setEditing(true)} />
      {editing ? (
        <Suspense fallback={null}>
          <TermsEditorDialog
            subject={detail.company.name}
            current={detail.company.terms}
            save={save.mutateAsync}
            saving={save.isPending}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
};

/**
 * /dashboard/companies/:id, admins only: one company with its details, terms, members, address book,
 * invitations, order requests, newest orders and invoices and applications; and 'Order for this customer'.
 */
const CompanyRoute = () => {
  const { id = '' } = useParams();
  const detail = useCompanyDetail(id);
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-5">
      <div>
        <Link className="btn btn-ghost btn-sm" to={dashboardPaths.companies.getHref()}>
          ← Companies
        </Link>
      </div>
      <QueryState
        query={detail}
        subject="the company"
        errorText={(error) => (
          <span id="dashboard-title">
            {error instanceof ApiError && error.status === 404
              ? 'There is no such company.'
              : 'The company could not be loaded.'}
          </span>
        )}
      >
        {(data) => (
          <>
            <h2 id="dashboard-title" className="text-2xl font-bold break-words">
              {data.company.name}
            </h2>
            <div className="grid gap-4 lg:grid-cols-2">
              <CompanyDetails company={data.company} />
              <TermsPanel detail={data} />
            </div>
            <div className="grid gap-4 lg:grid-cols-2">
              <VatVerificationPanel company={data.company} />
              <ExemptionsPanel companyId={data.company.id} />
            </div>
            <CompanyPricingPanel companyId={data.company.id} />
            <CompanyMembers companyId={data.company.id} members={data.members} />
            {/* A change of the delivery rule starts the form again from the sites it may use. */}
            <OrderForCustomerForm
              key={String(data.company.allowFreeTextAddress)}
              detail={data}
              PartPicker={CataloguePartPicker}
            />
            <PunchoutSettingsPanel companyId={data.company.id} />
            <CompanyRecords detail={data} />
          </>
        )}
      </QueryState>
    </section>
  );
};

export default CompanyRoute;
