import { useQueryClient } from '@tanstack/react-query';
import { notifyApiError } from '../../lib/notify';
import { partsOfCustomerAddress } from '../addresses';
import { accountAddressesQuery, MAIN_ADDRESS_TYPE } from '../addresses';
import { bookingAddressOf } from './booking-input';
import type { BookingFormApi } from './components/field-binder';

/**
 * With ausr_accountaddress 'T' (spec "access…" §3 User) the collection address is prefilled from the
 * account's main address (customer/address/list {cadd_cust_id, cadd_address_type: 0}). Answers the
 * prefill for an account; it does nothing without the flag.
 */
export function useAccountAddressPrefill(form: BookingFormApi, enabled: boolean): (custId: number) => void {
  const queryClient = useQueryClient();
  return (custId) => {
    if (!enabled) return;
    queryClient
      .fetchQuery(accountAddressesQuery(custId, MAIN_ADDRESS_TYPE))
      .then(([main]) => {
        const first = form.getValues().addresses[0];
        if (!main || !first) return;
        // The prefill is where a new booking starts, not something the user entered.
        const entered = form.isDirty();
        form.setFieldValue('addresses.0', { ...first, ...bookingAddressOf(partsOfCustomerAddress(main)) });
        if (!entered) form.resetDirty();
      })
      .catch((error: unknown) => notifyApiError('Load Data', error));
  };
}
