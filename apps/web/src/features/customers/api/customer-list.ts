import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { customerRow } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** POST /api/customer/list: the user's accounts that are not on hold (spec "bookings…" §7 Customers). */
export const fetchCustomerList = () => apiPost('/api/customer/list', {}, z.array(customerRow));

/** The booking screen's Account choices. */
export const customerListQuery = queryOptions({ queryKey: ['customer-list'], queryFn: fetchCustomerList });
