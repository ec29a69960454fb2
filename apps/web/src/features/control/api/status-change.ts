import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, statusChangeResponse, type StatusChangeRequest } from '@courier/contracts';
import { ApiError, apiPost } from '../../../lib/api-client';
import { changeRequest, type ChangeTarget, type ChangeValues } from '../status-rules';
import { BOARDS_KEY } from './control-keys';

/** POST /api/docket/status/change (spec "access…" §7 Control). */
export const postStatusChange = (body: StatusChangeRequest) =>
  apiPost('/api/docket/status/change', body, statusChangeResponse);

/** The outcome for one docket: saved (maybe with a warning) or refused with the server's message. */
export interface ChangeResult {
  docket: number;
  ok: boolean;
  /** The server's warning when saved, its error message when refused. */
  message?: string;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : MSG.unexpected);

/**
 * Sends one change per docket, one after another (each checked by the server's rules; a driver's
 * job count then includes the ones just allocated), and answers one result per docket.
 */
export async function changeStatuses(
  targets: readonly ChangeTarget[],
  values: ChangeValues,
): Promise<ChangeResult[]> {
  const results: ChangeResult[] = [];
  for (const target of targets) {
    try {
      const saved = await postStatusChange(changeRequest(target, values));
      results.push({ docket: target.dck_docket, ok: true, message: saved.message });
    } catch (error) {
      results.push({ docket: target.dck_docket, ok: false, message: messageOf(error) });
    }
  }
  return results;
}

/** The status change of the modal; whatever the outcome, every board shown is read again. */
export function useStatusChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ targets, values }: { targets: readonly ChangeTarget[]; values: ChangeValues }) =>
      changeStatuses(targets, values),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOARDS_KEY }),
  });
}
