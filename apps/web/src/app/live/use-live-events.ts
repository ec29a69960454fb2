import { useLayoutEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectLiveEvents } from './live-events';

/**
 * Keeps the live-events stream open while the signed-in frame is shown (see live-events.ts). It is
 * opened in a layout effect, before the screen's queries start (they start in passive effects): a
 * query read after the stream was opened missed no event, so the stream's first `ready` does not
 * read the screen again (it did, drawing a list twice on every first load).
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useLayoutEffect(() => {
    if (typeof EventSource === 'undefined') return;
    return connectLiveEvents(queryClient);
  }, [queryClient]);
}
