import { useState } from 'react';
import type { Company, CompanyBody, CompanyBodyInput } from '@forgeline/shared/schemas/company';
import { CheckboxField } from '@/components/ui/form-field';
import { FormStateActions } from '@/components/ui/form-actions';
import { BoxedPanel } from '@/components/ui/panel-section';
import { formatDay } from '@/lib/format-date';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/toast';
import { useUpdateCompany } from '../api/companies';
import { CompanyFields } from './company-fields';
import { SchemaForm } from '@/components/ui/card-form';

const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.CompanyBodySchema));

const FIELDS = ['name', 'taxId', 'billingAddress'] as const;

/** The company's details, and the form that changes them (PATCH /companies/:id). */
export const CompanyDetails = ({ company }: { company: Company }) => {
  const [editing, setEditing] = useState(false);
  return (
    <BoxedPanel
      id="company-details"
      title="Details"
      actions={
        editing ? null : (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(true)}>
            Edit details
          </button>
        )
      }
    >
      {editing ? (
        <DetailsForm company={company} onDone={() => setEditing(false)} />
      ) : (
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]" data-testid="company-details">
          <dt className="font-semibold">Legal name</dt>
          <dd>{company.name}</dd>
          <dt className="font-semibold">Tax ID</dt>
          <dd className="font-mono">{company.taxId ?? '—'}</dd>
          <dt className="font-semibold">Billing address</dt>
          <dd className="break-words">{company.billingAddress}</dd>
          <dt className="font-semibold">Delivery</dt>
          <dd>{company.allowFreeTextAddress ? 'Any address' : 'Only to sites of the address book'}</dd>
          <dt className="font-semibold">Customer since</dt>
          <dd>{formatDay(company.createdAt)}</dd>
        </dl>
      )}
    </BoxedPanel>
  );
};

const DetailsForm = ({ company, onDone }: { company: Company; onDone: () => void }) => {
  const update = useUpdateCompany(company.id);
  const { register, formState, submit } = useSchemaForm<CompanyBodyInput, CompanyBody>(resolver, {
    defaultValues: {
      name: company.name,
      taxId: company.taxId ?? '',
      billingAddress: company.billingAddress,
      country: company.country ?? '',
      region: company.region ?? '',
      allowFreeTextAddress: company.allowFreeTextAddress,
    },
  });

  // The server's per-field messages (a tax ID in use, a bad format) go under their fields.
  const saveDetails = submit(
    async (body) => {
      // An emptied tax ID is sent as '' (the server clears it); the parsed null is not text to its schema.
      await update.mutateAsync({ ...body, taxId: body.taxId ?? '' });
      toast.success('The company’s details are saved');
      onDone();
    },
    'The details could not be saved.',
    FIELDS,
  );

  return (
    <SchemaForm {...saveDetails} aria-label="Company details" className="flex max-w-xl flex-col gap-3">
      <CompanyFields register={register} errors={formState.errors} />
      <CheckboxField
        label="Buyers may type any delivery address (off: only sites of the address book)"
        {...register('allowFreeTextAddress')}
      />
      <FormStateActions formState={formState} submitText="Save details" onCancel={onDone} />
    </SchemaForm>
  );
};
