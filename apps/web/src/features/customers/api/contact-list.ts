import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { contactRow } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** POST /api/customer/contact/list {ccnt_cust_id}: an account's contacts (spec "access…" §7 Customer). */
export const fetchContactList = (custId: number) =>
  apiPost('/api/customer/contact/list', { ccnt_cust_id: custId }, z.array(contactRow));

/** The contacts of an account for the booking's customer contacts modal. */
export const contactListQuery = (custId: number) =>
  queryOptions({ queryKey: ['customer-contact-list', custId], queryFn: () => fetchContactList(custId) });
