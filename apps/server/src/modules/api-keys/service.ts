import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@forgeline/shared/api-keys';
import type { ApiKey, ApiKeyBody, NewApiKey } from '@forgeline/shared/schemas/api-key';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { requireMembership, requireRight } from '../companies/index.ts';
import { hashSecret } from './lookup.ts';
import { createApiKeysRepository, type ApiKeyListRow } from './repository.ts';

type Deps = Pick<AppDeps, 'db'>;
/** The signed-in admin: the key acts for them, and its list names them. */
type Actor = AuditActor & { id: string; name: string };

const toDto = (row: ApiKeyListRow): ApiKey => ({
  id: row.id,
  name: row.name,
  start: row.start,
  scopes: row.scopes as ApiKey['scopes'],
  createdBy: row.creator,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** The company a company admin's keys belong to (403 for other roles, 404 without a company). */
async function managedCompany(db: Executor, actor: Actor) {
  const member = await requireMembership(db, actor.id);
  requireRight(member, 'manage');
  return member.company;
}

async function create(
  deps: Deps,
  actor: Actor,
  company: { id: string; name: string } | null,
  body: ApiKeyBody,
) {
  // 192 random bits, base64url: no guessing, and no slow hash needed to keep it.
  const secret = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  return deps.db.transaction(async (tx) => {
    const row = await createApiKeysRepository(tx).insert({
      companyId: company?.id ?? null,
      userId: actor.id,
      name: body.name,
      start: secret.slice(0, API_KEY_PREFIX.length + 6),
      secretHash: hashSecret(secret),
      scopes: body.scopes,
    });
    await recordAudit(tx, actor, {
      action: 'api_key.created',
      subject: { type: 'api_key', id: row.id, label: company ? `${company.name}: ${body.name}` : body.name },
      after: { scopes: body.scopes },
    });
    const creator = { id: actor.id, name: actor.name, email: actor.email };
    return { key: toDto({ ...row, creator }), secret } satisfies NewApiKey;
  });
}

async function revoke(deps: Deps, actor: Actor, company: { id: string; name: string } | null, id: string) {
  return deps.db.transaction(async (tx) => {
    const repository = createApiKeysRepository(tx);
    const row = await repository.revoke(id, company?.id ?? null, actor.id);
    if (!row) {
      // Revoking a revoked key again changes nothing and says so; a key of someone else is not found.
      if (await repository.find(id, company?.id ?? null)) return;
      throw notFound('API key');
    }
    await recordAudit(tx, actor, {
      action: 'api_key.revoked',
      subject: { type: 'api_key', id: row.id, label: company ? `${company.name}: ${row.name}` : row.name },
      before: { scopes: row.scopes },
    });
  });
}

/** The shop's keys, for its admin. */
export const listShopKeys = async (deps: Deps) =>
  (await createApiKeysRepository(deps.db).list(null)).map(toDto);
export const createShopKey = (deps: Deps, actor: Actor, body: ApiKeyBody) => create(deps, actor, null, body);
export const revokeShopKey = (deps: Deps, actor: Actor, id: string) => revoke(deps, actor, null, id);

/** A company's keys, for its company admin. */
export async function listCompanyKeys(deps: Deps, actor: Actor) {
  const company = await managedCompany(deps.db, actor);
  return (await createApiKeysRepository(deps.db).list(company.id)).map(toDto);
}
export async function createCompanyKey(deps: Deps, actor: Actor, body: ApiKeyBody) {
  return create(deps, actor, await managedCompany(deps.db, actor), body);
}
export async function revokeCompanyKey(deps: Deps, actor: Actor, id: string) {
  return revoke(deps, actor, await managedCompany(deps.db, actor), id);
}
