import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * Keeps the live-events stream open while the signed-in frame is shown (see live-events.ts). The
 * stream's code loads after the screen, so it adds nothing to a route's first load.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import('./live-events').then(({ connectLiveEvents }) => {
      if (!unmounted) stop = connectLiveEvents(queryClient);
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [queryClient]);
}
