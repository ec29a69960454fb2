import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BOOT_READ_AT_ELEMENT_ID } from '@courier/contracts/page-calls';
import { takeBootJson } from '../../lib/boot-data';

/**
 * Keeps the live-events stream open while the signed-in frame is shown (see live-events.ts). The
 * stream's code loads after the screen, so it adds nothing to a route's first load. The first
 * stream of a page sends when the page was written (BOOT_READ_AT_ELEMENT_ID), so that its first
 * `ready` reads nothing again when nothing happened since.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    const readAt = takeBootJson(BOOT_READ_AT_ELEMENT_ID);
    const since = Number.isSafeInteger(readAt) ? (readAt as number) : undefined;
    void import('./live-events').then(({ connectLiveEvents }) => {
      if (!unmounted) stop = connectLiveEvents(queryClient, { since });
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [queryClient]);
}
