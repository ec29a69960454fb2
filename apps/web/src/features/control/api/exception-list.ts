import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { exceptionRow } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { CONTROL_KEY } from './control-keys';

/** POST /api/exception/list: the reasons a cancellation asks for (statuses B and C). */
export const fetchExceptionList = () => apiPost('/api/exception/list', {}, z.array(exceptionRow));

export const exceptionListQuery = queryOptions({
  queryKey: [...CONTROL_KEY, 'exceptions'],
  queryFn: fetchExceptionList,
  staleTime: 10 * 60_000,
});
