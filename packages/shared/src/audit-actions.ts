// Plain constants, no zod: the SPA's audit page imports these without the query schema (a module the
// SPA touches keeps all its top-level schema code, and with it more of zod, in every route's bundle).

/** Every kind of admin action the audit log records, with the words the log page shows for it. */
export const AUDIT_ACTIONS = {
  'user.made_admin': 'Made admin',
  'user.deleted': 'Deleted user',
  'product.added': 'Added product',
  'product.edited': 'Edited product',
  'product.deleted': 'Deleted product',
  'product.imported': 'Imported products',
  'order.shipped': 'Shipped order',
  'order.cancelled': 'Cancelled order',
  'order.refunded': 'Refunded order',
  'terms.approved': 'Approved payment terms',
  'terms.changed': 'Changed payment terms',
  'terms.withdrawn': 'Withdrew payment terms',
  // Entries written before terms said which of the three they were.
  'terms.set': 'Set payment terms',
  'quote.offered': 'Offered quote',
  'quote.revised': 'Revised quote offer',
  'invoice.marked_paid': 'Marked invoice paid',
  'company.created': 'Created company',
  'company.edited': 'Edited company',
  'company.member_attached': 'Attached customer to company',
  'company.member_changed': 'Changed company member',
  'company.member_removed': 'Removed company member',
  'company.application_approved': 'Approved business application',
  'company.application_declined': 'Declined business application',
  'order.placed_on_behalf': 'Placed order for customer',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
