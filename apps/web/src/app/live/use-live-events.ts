import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BOOT_LIVE_SCOPE_ELEMENT_ID, BOOT_READ_AT_ELEMENT_ID } from '@courier/contracts/page-calls';
import { takeBootJson } from '../../lib/boot-data';

/**
 * Keeps the live-events stream open while the signed-in frame is shown (see live-events.ts). The
 * stream's code loads after the screen, so it adds nothing to a route's first load. The first
 * stream of a page sends when the page was written (BOOT_READ_AT_ELEMENT_ID) and the user's scope
 * then (BOOT_LIVE_SCOPE_ELEMENT_ID), so that its first `ready` reads nothing again when nothing
 * happened since and what the user may see is unchanged.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    const readAt = takeBootJson(BOOT_READ_AT_ELEMENT_ID);
    const since = Number.isSafeInteger(readAt) ? (readAt as number) : undefined;
    const pageScope = takeBootJson(BOOT_LIVE_SCOPE_ELEMENT_ID);
    const scope = typeof pageScope === 'string' ? pageScope : undefined;
    void import('./live-events').then(({ connectLiveEvents }) => {
      if (!unmounted) stop = connectLiveEvents(queryClient, { since, scope });
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [queryClient]);
}
