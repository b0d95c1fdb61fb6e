import { COMPANY_ROLE_RIGHTS } from '@forgeline/shared/schemas/company';
import type { DeliveryBook } from '@/components/ui/delivery-site-choice';
import { useCompanyAddresses } from './addresses';
import { useMyCompany } from './get-my-company';

/**
 * What checkout and quote acceptance need of the buyer's company: its delivery book and whether the
 * member's role places orders. Outside a company (or when it cannot be loaded) the forms work as before:
 * the server still applies the company's rules.
 */
export const useCompanyDelivery = (): {
  isPending: boolean;
  book: DeliveryBook | undefined;
  canOrder: boolean;
} => {
  const mine = useMyCompany();
  const company = mine.data?.company ?? null;
  const member = mine.data?.member ?? null;
  const addresses = useCompanyAddresses({ enabled: company !== null });
  return {
    isPending: mine.isPending || (company !== null && addresses.isPending),
    book: company ? { sites: addresses.data ?? [], allowFreeText: company.allowFreeTextAddress } : undefined,
    canOrder: member ? COMPANY_ROLE_RIGHTS[member.role].order : true,
  };
};
