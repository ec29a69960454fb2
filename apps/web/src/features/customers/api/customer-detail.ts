import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { customerDetail, type CustomerFields, type CustomerPostRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /api/customer/list {cust_id} (administrators): one account with every field customer/post
 * edits (spec "access…" §7 Customer). 404 for an account of no one.
 */
export const fetchCustomerDetail = async (custId: number) =>
  (await apiPost('/api/customer/list', { cust_id: custId }, z.array(customerDetail)))[0]!;

/** The System screen's Customer tab: the chosen account's fields. */
export const customerDetailQuery = (custId: number) =>
  queryOptions({ queryKey: ['customer-detail', custId], queryFn: () => fetchCustomerDetail(custId) });

/**
 * POST /api/customer/post (admin and system settings rights): writes an account's fields; answers
 * 'Settings saved'. A 400 names each field that does not fit (cust_ref1_lbl, cust_max_delay, …).
 */
export const postCustomer = (custId: number, fields: CustomerFields) =>
  apiPost<{ message: string }>('/api/customer/post', {
    ...fields,
    cust_id: custId,
  } satisfies CustomerPostRequest);

/**
 * POST /api/customer/reference/post (admin and system settings rights): replaces the values of
 * reference `refType` (5, the list reference 5 may be chosen from) of account `custId`.
 */
export const postReferenceList = (custId: number, values: string[], refType = 5) =>
  apiPost('/api/customer/reference/post', { cref_cust_id: custId, cref_ref_type: refType, values });

/**
 * The cache keys the booking screen reads an account's fields and lists under: invalidated after a
 * save so it shows the new labels and rules on its next call.
 */
export const CUSTOMER_KEYS = [['customer-list'], ['customer-detail'], ['customer-reference-lists']] as const;
