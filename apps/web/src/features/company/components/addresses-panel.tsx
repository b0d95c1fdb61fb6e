import { useState } from 'react';
import type { z } from 'zod';
import type { CompanyAddress, CompanyAddressBodySchema } from '@forgeline/shared/schemas/company';
import { EditDeleteButtons } from '@/components/ui/edit-delete-buttons';
import { FormField } from '@/components/ui/form-field';
import { PanelSection } from '@/components/ui/panel-section';
import { useActionFailure } from '@/lib/use-action-failure';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCompanyAddresses, useDeleteAddress, useSaveAddress } from '../api/addresses';
import { ItemForm } from './item-form';
import { PanelList } from './panel-list';

const resolver = lazyZodResolver(() =>
  import('../schemas').then((schemas) => schemas.CompanyAddressBodySchema),
);
type AddressInput = z.input<typeof CompanyAddressBodySchema>;
type AddressValues = z.output<typeof CompanyAddressBodySchema>;

/** The company's delivery sites: every member reads them (checkout offers them); the admin keeps them. */
export const AddressesPanel = ({ canEdit }: { canEdit: boolean }) => {
  const addresses = useCompanyAddresses();
  const remove = useDeleteAddress();
  // 'new' for the add form, an id for the site being edited.
  const [editing, setEditing] = useState<string | null>(null);
  const { failure, confirmThen } = useActionFailure();

  const onDelete = (site: CompanyAddress) =>
    confirmThen(
      { button: 'Yes, delete', detail: `Buyers can no longer deliver to ${site.label}.` },
      () => remove.mutateAsync(site.id),
      `${site.label} could not be deleted.`,
    );

  return (
    <PanelSection
      id="addresses-title"
      title="Delivery addresses"
      actions={
        canEdit && editing !== 'new' ? (
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing('new')}>
            Add an address
          </button>
        ) : null
      }
    >
      {editing === 'new' ? <AddressForm onDone={() => setEditing(null)} /> : null}
      <PanelList
        query={addresses}
        subject="the addresses"
        emptyText="The company has no delivery address yet."
        failure={failure}
        failureTestId="addresses-error"
        className="grid gap-3 md:grid-cols-2"
        itemKey={(site) => site.id}
        itemTestId="company-address"
        itemClassName="flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4"
        editing={editing}
        renderEditor={(site) => <AddressForm site={site} onDone={() => setEditing(null)} />}
        editorClassName="md:col-span-2"
        renderItem={(site) => (
          <>
            <span className="font-semibold">{site.label}</span>
            <span className="break-words">{site.address}</span>
            <span className="text-sm text-base-content/80">
              {site.contact} · <span className="whitespace-nowrap">{site.phone}</span>
            </span>
            {canEdit ? (
              <span className="mt-2 flex gap-1">
                <EditDeleteButtons
                  name={site.label}
                  onEdit={() => setEditing(site.id)}
                  onDelete={() => void onDelete(site)}
                  deleting={remove.isPending}
                />
              </span>
            ) : null}
          </>
        )}
      />
    </PanelSection>
  );
};

const AddressForm = ({ site, onDone }: { site?: CompanyAddress; onDone: () => void }) => {
  const save = useSaveAddress();
  const { failure, attempt } = useActionFailure();
  const { field, submit } = useSchemaForm<AddressInput, AddressValues>(resolver, {
    defaultValues: {
      label: site?.label ?? '',
      contact: site?.contact ?? '',
      phone: site?.phone ?? '',
      address: site?.address ?? '',
    },
  });
  const saveAddress = submit(async (body) => {
    const saved = await attempt(
      () => save.mutateAsync({ ...(site && { id: site.id }), body }),
      'The address could not be saved.',
    );
    if (saved) onDone();
  });

  return (
    <ItemForm
      {...saveAddress}
      label={site ? `Edit ${site.label}` : 'New delivery address'}
      failure={failure}
      failureTestId="address-error"
      saving={save.isPending}
      submitText="Save address"
      onDone={onDone}
    >
      <FormField label="Label" placeholder="Main plant" {...field('label')} />
      <FormField label="Contact" {...field('contact')} />
      <FormField label="Phone" type="tel" {...field('phone')} />
      <FormField label="Address" {...field('address')} />
    </ItemForm>
  );
};
