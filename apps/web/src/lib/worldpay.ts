import { queryOptions } from '@tanstack/react-query';
import { worldpaySettingsResponse } from '@courier/contracts';
import { apiPost } from './api-client';

/**
 * POST /api/system/worldpay {database} (spec "access…" §7): the hosted card form's clientKey,
 * templateName and script URL, the currency and the hold margin. 422 naming `provider` when
 * Worldpay is not configured.
 */
export const fetchWorldpaySettings = (database: string) =>
  apiPost('/api/system/worldpay', { database }, worldpaySettingsResponse);

export const worldpaySettingsQuery = (database: string) =>
  queryOptions({
    queryKey: ['system-worldpay', database],
    queryFn: () => fetchWorldpaySettings(database),
    staleTime: 5 * 60_000,
  });
