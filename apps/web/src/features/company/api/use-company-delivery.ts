import { useQuery } from '@tanstack/react-query';
import type { DeliveryBook } from '@/components/ui/delivery-site-choice';
import { companyKeys } from '@/lib/feature-query-keys';
import { useCompanyAddresses } from './addresses';
import { useMyCompany } from './get-my-company';

/**
 * COMPANY_ROLE_RIGHTS lives beside the company schemas, which bring zod: checkout loads it with the
 * company's answer rather than with the route (docs/decisions/0042).
 */
const loadRights = async () => (await import('@forgeline/shared/schemas/company')).COMPANY_ROLE_RIGHTS;

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
  const rights = useQuery({
    queryKey: companyKeys.rights(),
    queryFn: loadRights,
    enabled: member !== null,
    staleTime: Infinity,
  });
  return {
    isPending:
      mine.isPending || (company !== null && addresses.isPending) || (member !== null && rights.isPending),
    book: company ? { sites: addresses.data ?? [], allowFreeText: company.allowFreeTextAddress } : undefined,
    canOrder: member && rights.data ? rights.data[member.role].order : true,
  };
};
