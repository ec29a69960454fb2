import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CustomerRow, ServiceType, TariffType } from '@courier/contracts';
import { customerListQuery } from '../customers';
import { serviceTypeListQuery } from '../customers';
import { tariffTypeListQuery } from '../customers';

/** The lists the booking screen's selects need. */
export interface BookingLookups {
  accounts: CustomerRow[];
  services: ServiceType[];
  tariffs: TariffType[];
}

/**
 * customer/list, servicetype/list and tarifftype/list together. customer/list needs the booking
 * right: without it (a read-only booking from history) the accounts are left empty.
 */
export function useBookingLookups(withAccounts: boolean): { data?: BookingLookups; error: Error | null } {
  const accounts = useQuery({ ...customerListQuery, enabled: withAccounts });
  const services = useQuery(serviceTypeListQuery);
  const tariffs = useQuery(tariffTypeListQuery);
  const error = accounts.error ?? services.error ?? tariffs.error;
  const accountRows = withAccounts ? accounts.data : [];
  if (!accountRows || !services.data || !tariffs.data) return { error };
  return { data: { accounts: accountRows, services: services.data, tariffs: tariffs.data }, error };
}

/** Asks for the booking screen's three lists ahead of the screen (a page's warm-up). */
export function prefetchBookingLookups(queryClient: QueryClient, withAccounts: boolean): void {
  if (withAccounts) void queryClient.prefetchQuery(customerListQuery);
  void queryClient.prefetchQuery(serviceTypeListQuery);
  void queryClient.prefetchQuery(tariffTypeListQuery);
}
