import { toDollars } from '@forgeline/shared/money';
import type {
  Company,
  CompanyAddress,
  CompanyApplication,
  CompanyMember,
  Invitation,
  OrderRequest,
} from '@forgeline/shared/schemas/company';
import type { PaymentTerms } from '@forgeline/shared/schemas/payment-terms';
import type {
  CompanyAddressRow,
  CompanyApplicationRow,
  CompanyInvitationRow,
  CompanyRow,
  OrderRequestRow,
} from '../../db/schema/index.ts';
import type { MemberRow } from './repository.ts';

/** The wire shapes of companies (dollars, ISO dates): the database's spellings stop here. */

const dollarsOrNull = (cents: number | null) => (cents === null ? null : toDollars(cents));

export const toCompanyDto = (row: CompanyRow, terms: PaymentTerms): Company => ({
  id: row.id,
  name: row.name,
  taxId: row.taxId,
  billingAddress: row.billingAddress,
  allowFreeTextAddress: row.allowFreeTextAddress,
  terms,
  country: row.country,
  region: row.region,
  taxIdVerifiedAt: row.taxIdVerifiedAt?.toISOString() ?? null,
  taxIdVerifiedBy: row.taxIdVerifiedBy,
  createdAt: row.createdAt.toISOString(),
});

export const toMemberDto = (row: MemberRow, spentCents: number): CompanyMember => ({
  userId: row.userId,
  name: row.name,
  email: row.email,
  role: row.role,
  seesAllOrders: row.seesAllOrders,
  orderLimit: dollarsOrNull(row.orderLimitCents),
  monthlyLimit: dollarsOrNull(row.monthlyLimitCents),
  spentThisMonth: toDollars(spentCents),
  joinedAt: row.joinedAt.toISOString(),
});

export const toAddressDto = (row: CompanyAddressRow): CompanyAddress => ({
  id: row.id,
  label: row.label,
  contact: row.contact,
  phone: row.phone,
  address: row.address,
});

export const toInvitationDto = (row: CompanyInvitationRow, now = new Date()): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  status: row.expiresAt <= now ? 'expired' : 'pending',
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

export const toApplicationDto = (row: CompanyApplicationRow): CompanyApplication => ({
  id: row.id,
  companyName: row.companyName,
  taxId: row.taxId,
  country: row.country,
  region: row.region,
  note: row.note,
  status: row.status,
  applicant: { id: row.userId, name: row.applicantName, email: row.applicantEmail },
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** A line of a request as stored (cents). */
export interface StoredRequestLine {
  productId: string;
  sku: string | null;
  name: string;
  quantity: number;
  unitCents: number;
}

export const toRequestDto = (row: OrderRequestRow): OrderRequest => {
  const lines = row.lines as StoredRequestLine[];
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    quoteId: row.quoteId,
    buyer: { id: row.buyerId, name: row.buyerName, email: row.buyerEmail },
    lines: lines.map((line) => ({
      productId: line.productId,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unitPrice: toDollars(line.unitCents),
      total: toDollars(line.unitCents * line.quantity),
    })),
    total: toDollars(row.totalCents),
    address: row.address,
    phone: row.phone,
    poReference: row.poReference,
    paymentMethod: row.paymentMethod,
    delivery: row.delivery ?? null,
    reason: row.reason,
    status: row.status,
    comment: row.comment,
    decidedBy: row.decidedByName,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    checkoutId: row.checkoutId,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
};
