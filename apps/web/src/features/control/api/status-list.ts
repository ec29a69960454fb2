import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { docketStatusRow } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { CONTROL_KEY } from './control-keys';

/** POST /api/docket/status/list: every status with its colours and allowed next statuses. */
export const fetchStatusList = () => apiPost('/api/docket/status/list', {}, z.array(docketStatusRow));

/** The statuses change only when an administrator edits them: read once a sitting. */
export const statusListQuery = queryOptions({
  queryKey: [...CONTROL_KEY, 'statuses'],
  queryFn: fetchStatusList,
  staleTime: 10 * 60_000,
});
