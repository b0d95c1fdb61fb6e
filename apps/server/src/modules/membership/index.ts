// Which company a person belongs to and what their role lets them read or do (docs/decisions/0213):
// the leaf every module asks, so that none of them needs the companies module itself.
export {
  assertMayOrder,
  findMembership,
  lockMembership,
  mayRead,
  readableCompanyOf,
  rightsOf,
  seesCompanyDocuments,
  seesCompanyOrders,
} from './access.ts';
export { spendingCheck, spentThisMonth } from './spending.ts';
export type { Membership } from './repository.ts';
