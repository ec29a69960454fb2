import { userPage, type UserListRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /api/user/list {page, pageSize, search, sort}: a page of the tenant's users (admin right;
 * spec "bookings…" §2 User list).
 */
export const fetchUserPage = (body: Omit<UserListRequest, '_id'>) =>
  apiPost('/api/user/list', body, userPage);
