import { useState, type ReactNode } from 'react';
import { useActionFailure } from '@/lib/use-action-failure';
import type { z } from 'zod';
import { formatPrice } from '@forgeline/shared/money';
import { countryName } from '@forgeline/shared/countries';
import type { Company, CompanyOwnDetailsSchema } from '@forgeline/shared/schemas/company';
import { FormField } from '@/components/ui/form-field';
import { formatMoment } from '@/lib/format-date';
import { FormActions } from '@/components/ui/form-actions';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/toast';
import { useUpdateCompany } from '../api/update-company';
import { CardForm } from '@/components/ui/card-form';
import { ToggleField } from './toggle-field';

const resolver = lazyZodResolver(() =>
  import('../schemas').then((schemas) => schemas.CompanyOwnDetailsSchema),
);
type CompanyInput = z.input<typeof CompanyOwnDetailsSchema>;
type CompanyValues = z.output<typeof CompanyOwnDetailsSchema>;

const Row = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
    <dt className="font-semibold sm:w-48 sm:shrink-0">{term}</dt>
    <dd className="min-w-0 break-words">{children}</dd>
  </div>
);

/** 'United States (US), IL', or 'Not set' for a company older than the question. */
const placeOf = ({ country, region }: Pick<Company, 'country' | 'region'>) =>
  country ? `${countryName(country)} (${country})${region ? `, ${region}` : ''}` : 'Not set';

/** The company's details and payment terms; the company admin edits the details, others read them. */
export const CompanyDetails = ({ company, canEdit }: { company: Company; canEdit: boolean }) => {
  const [editing, setEditing] = useState(false);
  const { terms } = company;
  return (
    <div className="flex flex-col gap-4">
      {editing ? (
        <CompanyForm company={company} onDone={() => setEditing(false)} />
      ) : (
        <section
          className="rounded-box border border-base-300 bg-base-100 p-4"
          aria-labelledby="details-title"
        >
          <div className="mb-3 flex items-center justify-between gap-3">
            <h3 id="details-title" className="text-lg font-bold">
              Details
            </h3>
            {canEdit ? (
              <button type="button" className="btn btn-sm btn-outline" onClick={() => setEditing(true)}>
                Edit details
              </button>
            ) : null}
          </div>
          <dl className="flex flex-col gap-2" data-testid="company-details">
            <Row term="Legal name">{company.name}</Row>
            <Row term="Tax ID">{company.taxId ?? '—'}</Row>
            <Row term="Billing address">{company.billingAddress}</Row>
            <Row term="Country">{placeOf(company)}</Row>
            <Row term="VAT">
              <span data-testid="vat-status">
                {!company.taxId
                  ? 'No VAT ID: VAT is charged'
                  : company.taxIdVerifiedAt
                    ? `VAT ID verified on ${formatMoment(company.taxIdVerifiedAt)}`
                    : 'VAT ID not verified: VAT is charged'}
              </span>
            </Row>
            <Row term="Buyers may type a delivery address">
              {company.allowFreeTextAddress ? 'Yes' : 'No: only the addresses of the book'}
            </Row>
          </dl>
        </section>
      )}
      <section className="rounded-box border border-base-300 bg-base-100 p-4" aria-labelledby="terms-title">
        <h3 id="terms-title" className="mb-3 text-lg font-bold">
          Payment terms
        </h3>
        {terms.approved ? (
          <dl className="flex flex-col gap-2" data-testid="company-terms">
            <Row term="Terms">Net {terms.termsDays} days</Row>
            <Row term="Credit limit">$ {formatPrice(terms.creditLimit)}</Row>
            <Row term="Used">$ {formatPrice(terms.used)}</Row>
            <Row term="Available">$ {formatPrice(terms.available)}</Row>
          </dl>
        ) : (
          <p data-testid="company-terms">Card payment only: the company is not on payment terms.</p>
        )}
      </section>
    </div>
  );
};

const CompanyForm = ({ company, onDone }: { company: Company; onDone: () => void }) => {
  const update = useUpdateCompany();
  const { failure, attempt } = useActionFailure();
  const { register, field, submit } = useSchemaForm<CompanyInput, CompanyValues>(resolver, {
    defaultValues: {
      name: company.name,
      taxId: company.taxId ?? '',
      billingAddress: company.billingAddress,
      allowFreeTextAddress: company.allowFreeTextAddress,
    },
  });

  const saveDetails = submit(({ taxId, ...values }) =>
    attempt(async () => {
      // An empty tax ID clears it (the server reads '' as none; it takes no null).
      await update.mutateAsync({ ...values, taxId: taxId ?? '' });
      toast.success('Company details saved.');
      onDone();
    }, 'The details could not be saved.'),
  );

  return (
    <CardForm {...saveDetails} title="Edit details">
      <FormField label="Legal name" {...field('name')} />
      <FormField label="Tax / VAT ID" {...field('taxId')} />
      <FormField label="Billing address" {...field('billingAddress')} />
      <p className="text-sm" data-testid="company-country">
        <span className="font-semibold">Country: </span>
        {placeOf(company)}. Where your company is decides its tax, so we change it for you: please write to us
        if it has moved.
      </p>
      <ToggleField label="Buyers may type a delivery address" {...register('allowFreeTextAddress')} />
      <FormActions
        failure={failure}
        failureTestId="details-error"
        saving={update.isPending}
        submitText="Save details"
        onCancel={onDone}
      />
    </CardForm>
  );
};
