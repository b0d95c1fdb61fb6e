import { useState } from 'react';
import { API_SCOPE_LABELS, COMPANY_API_SCOPES, SHOP_API_SCOPES } from '@forgeline/shared/api-keys';
import type { ApiKey, ApiKeyBody, ApiKeyBodyInput, NewApiKey } from '@forgeline/shared/schemas/api-key';
import { Alert, DANGER_BUTTON_CLASS, ERROR_TEXT_CLASS } from '@/components/ui/alert';
import { CardForm } from '@/components/ui/card-form';
import { CardList, type CardLook } from '@/components/ui/card-list';
import { FormField } from '@/components/ui/form-field';
import { ListQueryState } from '@/components/ui/query-state';
import { SubmitButton } from '@/components/ui/submit-button';
import { confirmDialog } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { formatMoment } from '@/lib/format-date';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/toast';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type KeyOwner } from '../api/api-keys';

const resolvers = {
  shop: lazyZodResolver(() => import('../schemas').then((schemas) => schemas.ShopApiKeyBodySchema)),
  company: lazyZodResolver(() => import('../schemas').then((schemas) => schemas.CompanyApiKeyBodySchema)),
};
const SCOPES = { shop: SHOP_API_SCOPES, company: COMPANY_API_SCOPES };

const KEY_CARDS: CardLook = {
  list: 'flex flex-col gap-2',
  card: 'flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-start sm:justify-between',
};

/**
 * API keys (docs/decisions/0234): make one with a name and scopes, copy its secret from the one answer
 * that shows it, and revoke keys. The shop's admin manages the shop's keys; a company admin the company's.
 */
export const ApiKeysPanel = ({ owner }: { owner: KeyOwner }) => {
  const keys = useApiKeys(owner);
  const [made, setMade] = useState<NewApiKey | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-3xl text-sm text-base-content/75">
        {owner === 'shop'
          ? 'A key lets your ERP call the API as you, limited to the scopes you choose. It stops working when it is revoked or when you are no longer an admin.'
          : 'A key lets your purchasing system call the API as you, limited to the scopes you choose, at your company’s prices. It stops working when it is revoked or when you are no longer the company’s admin.'}{' '}
        The API is described at{' '}
        <a className="link" href="/api/docs" target="_blank" rel="noreferrer">
          /api/docs
        </a>
        .
      </p>
      {made ? (
        <NewSecret made={made} onDone={() => setMade(null)} />
      ) : (
        <KeyForm owner={owner} onMade={setMade} />
      )}
      <ListQueryState query={keys} subject="the API keys" empty="No API keys yet.">
        {(data) => <KeyList owner={owner} keys={data} />}
      </ListQueryState>
    </div>
  );
};

const KeyForm = ({ owner, onMade }: { owner: KeyOwner; onMade: (made: NewApiKey) => void }) => {
  const create = useCreateApiKey(owner);
  const { register, formState, field, submit } = useSchemaForm<ApiKeyBodyInput, ApiKeyBody>(
    resolvers[owner],
    {
      defaultValues: { name: '', scopes: [] },
    },
  );
  const errors = formState.errors;
  const make = submit(async (body) => onMade(await create.mutateAsync(body)), 'The key could not be made.');
  return (
    <CardForm {...make} aria-label="Make an API key" title="Make a key" className="max-w-xl">
      <FormField label="Name" hint="What the key is for, e.g. ERP sync." maxLength={80} {...field('name')} />
      <fieldset className="flex flex-col gap-1" aria-describedby="api-key-scopes-error">
        <legend className="text-sm font-semibold">Scopes</legend>
        {SCOPES[owner].map((scope) => (
          <label key={scope} className="flex cursor-pointer items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm mt-0.5"
              value={scope}
              {...register('scopes')}
            />
            <span>
              <span className="font-mono">{scope}</span> ·{' '}
              {(API_SCOPE_LABELS[owner] as Record<string, string>)[scope]}
            </span>
          </label>
        ))}
        {errors.scopes?.message ? (
          <p id="api-key-scopes-error" className={ERROR_TEXT_CLASS}>
            {errors.scopes.message}
          </p>
        ) : null}
      </fieldset>
      <Alert>{errors.root?.message}</Alert>
      <SubmitButton isLoading={formState.isSubmitting}>Make key</SubmitButton>
    </CardForm>
  );
};

/** The secret, shown this once, with a copy button. */
const NewSecret = ({ made, onDone }: { made: NewApiKey; onDone: () => void }) => {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made.secret);
      toast.success('The key is copied.');
    } catch {
      toast.error('The key could not be copied: select it and copy it by hand.');
    }
  };
  return (
    <section
      aria-labelledby="new-api-key-title"
      className="flex max-w-xl flex-col gap-3 rounded-box border border-success bg-base-100 p-4"
    >
      <h3 id="new-api-key-title" className="text-lg font-bold">
        Your key {made.key.name}
      </h3>
      <p className="text-sm">Copy it now: it is shown this once, and we keep only a fingerprint of it.</p>
      <code
        className="rounded-box bg-base-200 p-3 font-mono text-sm break-all select-all"
        data-testid="api-key-secret"
      >
        {made.secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
};

const KeyList = ({ owner, keys }: { owner: KeyOwner; keys: ApiKey[] }) => {
  const revoke = useRevokeApiKey(owner);
  const onRevoke = async (key: ApiKey) => {
    if (!(await confirmDialog('Yes, revoke it', `${key.name} stops working at once.`))) return;
    try {
      await revoke.mutateAsync(key.id);
      toast.success(`${key.name} is revoked.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The key could not be revoked.'));
    }
  };
  return (
    <CardList items={keys} label="API keys" testId="api-key" look={KEY_CARDS}>
      {(key) => (
        <>
          <div className="min-w-0">
            <p className="font-semibold break-words">
              {key.name} <span className="font-mono text-sm text-base-content/70">{key.start}…</span>
            </p>
            <p className="text-sm break-words">{key.scopes.join(', ')}</p>
            <p className="text-xs text-base-content/70">
              Made by {key.createdBy.name} on {formatMoment(key.createdAt)} · last used{' '}
              {key.lastUsedAt ? formatMoment(key.lastUsedAt) : 'never'}
            </p>
          </div>
          {key.revokedAt ? (
            <span className="badge badge-ghost shrink-0">Revoked {formatMoment(key.revokedAt)}</span>
          ) : (
            <button
              type="button"
              className={`${DANGER_BUTTON_CLASS} shrink-0`}
              aria-label={`Revoke ${key.name}`}
              disabled={revoke.isPending}
              onClick={() => void onRevoke(key)}
            >
              Revoke
            </button>
          )}
        </>
      )}
    </CardList>
  );
};
