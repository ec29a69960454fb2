import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverRow, type DriverInput } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { BOARDS_KEY, CONTROL_KEY } from './control-keys';

/**
 * POST /api/driver/post (control or admin right): creates the driver or updates the one with its
 * code; `drv_pin` (6–12 digits) only when a new PIN is set. The driver lists reload after, and
 * the boards, whose rows show the driver's name.
 */
export function useDriverPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DriverInput) => apiPost('/api/driver/post', body, driverRow),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...CONTROL_KEY, 'drivers'] }),
        queryClient.invalidateQueries({ queryKey: BOARDS_KEY }),
      ]),
  });
}
