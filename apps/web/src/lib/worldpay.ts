import { queryOptions } from '@tanstack/react-query';
import { apiPost } from './api-client';
import { lazySchema } from './lazy-schema';

/** Its answer's schema, loaded with the first answer. */
const SETTINGS = lazySchema(() =>
  import('@courier/contracts/payments').then((m) => m.worldpaySettingsResponse),
);

/**
 * POST /api/system/worldpay {database} (spec "access…" §7): the hosted card form's clientKey,
 * templateName and script URL, the currency and the hold margin. 422 naming `provider` when
 * Worldpay is not configured.
 */
export const fetchWorldpaySettings = (database: string) =>
  apiPost('/api/system/worldpay', { database }, SETTINGS);

export const worldpaySettingsQuery = (database: string) =>
  queryOptions({
    queryKey: ['system-worldpay', database],
    queryFn: () => fetchWorldpaySettings(database),
    staleTime: 5 * 60_000,
  });
