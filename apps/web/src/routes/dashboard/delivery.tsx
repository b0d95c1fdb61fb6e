import { QueryState } from '@/components/ui/query-state';
import { useDeliveryMethods, useDeliveryZones } from '@/features/delivery/api/delivery';
import { MethodsPanel } from '@/features/delivery/components/methods-panel';
import { ZonesPanel } from '@/features/delivery/components/zones-panel';
import { DashboardPage } from '@/components/ui/dashboard-page';

/**
 * /dashboard/delivery, admins only (decision 0235): the delivery zones (countries and regions) and the
 * methods with their rates per zone, each added, changed or deleted here.
 */
const DeliveryRoute = () => {
  const zones = useDeliveryZones();
  const methods = useDeliveryMethods();
  const both = {
    isPending: zones.isPending || methods.isPending,
    isError: zones.isError || methods.isError,
    error: zones.error ?? methods.error,
    data: zones.data && methods.data ? { zones: zones.data, methods: methods.data } : undefined,
    refetch: () => Promise.all([zones.refetch(), methods.refetch()]),
  };
  return (
    <DashboardPage
      title="Delivery"
      intro={
        <>
          A zone is a set of countries or regions; a method prices each zone it serves. Checkout offers the
          methods that serve the buyer’s destination, cheapest first. Orders placed keep what they were
          charged.
        </>
      }
    >
      <QueryState query={both} subject="the delivery zones and methods">
        {(data) => (
          <>
            <ZonesPanel zones={data.zones} />
            <MethodsPanel methods={data.methods} zones={data.zones} />
          </>
        )}
      </QueryState>
    </DashboardPage>
  );
};

export default DeliveryRoute;
