import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerAddress, type AddressPostRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { ADDRESS_LIST_KEY } from './address-page';

/** POST /api/customer/address/post: creates (no cadd_id) or updates an address; answers the saved row. */
export const postAddress = (body: AddressPostRequest) =>
  apiPost('/api/customer/address/post', body, customerAddress);

/** ADDRESS DETAIL's Save; every address list is stale afterwards. */
export function useAddressPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESS_LIST_KEY }),
  });
}
