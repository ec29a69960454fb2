import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { circuitRow } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { CONTROL_KEY } from './control-keys';

/** POST /api/circuit/list/: the circuits linked to the signed-in user (spec "access…" §7 Control). */
export const fetchCircuitList = () => apiPost('/api/circuit/list', {}, z.array(circuitRow));

export const circuitListQuery = queryOptions({
  queryKey: [...CONTROL_KEY, 'circuits'],
  queryFn: fetchCircuitList,
});
