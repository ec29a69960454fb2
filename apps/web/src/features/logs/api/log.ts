import { queryOptions } from '@tanstack/react-query';
import type { LogDetailResponse, LogListRequest, LogListResponse } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** The log viewer's cache keys. */
export const LOG_KEY = ['log'] as const;

/** POST /api/log/list: a page of one UK day's audit log, newest first (admin right). */
export const fetchLogList = (body: LogListRequest) =>
  apiPost<LogListResponse>('/api/log/list', body, () =>
    import('@courier/contracts/logs').then((m) => m.logListResponse),
  );

/** POST /api/log/detail: one entry with everything recorded for it (admin right); 404 when none. */
export const logDetailQuery = (logId: number) =>
  queryOptions({
    queryKey: [...LOG_KEY, 'detail', logId],
    queryFn: () =>
      apiPost<LogDetailResponse>('/api/log/detail', { log_id: logId }, () =>
        import('@courier/contracts/logs').then((m) => m.logDetailResponse),
      ),
  });

/** The detail screen of an entry: /log/detail?_id (spec "access…" §2 routes). */
export const logDetailPath = (logId: number) => `/log/detail?_id=${logId}`;
