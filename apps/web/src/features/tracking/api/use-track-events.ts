import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { docketTrackQuery } from './docket-track';

/**
 * Live updates of the tracking view (issue 9 §4): while a docket is shown, one EventSource on the
 * public `GET /api/docket/track/events?database&tracking_ref`; each `docket` event, and the `ready`
 * of a reconnect, makes the view read its summary and details again (one TanStack Query invalidation
 * of the summary's key, which prefixes the details'), so
 * 'Delivered' appears without a reload. The stream says only that something changed. A refused
 * stream (an unknown reference, the rate limit) is closed by the browser and not retried.
 */
export function useTrackEvents(
  database: string | null | undefined,
  ref: string | null,
  shown: boolean,
): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!shown || !database || !ref || typeof EventSource === 'undefined') return;
    const query = new URLSearchParams({ database, tracking_ref: ref }).toString();
    const source = new EventSource(`/api/docket/track/events?${query}`);
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: docketTrackQuery(database, ref).queryKey });
    let connected = false;
    source.addEventListener('ready', () => {
      // The first 'ready' follows the summary just read; a later one follows a reconnect.
      if (connected) refresh();
      connected = true;
    });
    source.addEventListener('docket', refresh);
    return () => source.close();
  }, [database, ref, shown, queryClient]);
}
