import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  ReportExportRequest,
  ReportListRequest,
  ReportListResponse,
  ReportRunRequest,
  ReportRunResponse,
} from '@courier/contracts';
import { apiPost, apiPostFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';
import { notifyApiError } from '../../../lib/notify';

/** The reports' cache keys. */
export const REPORTS_KEY = ['report'] as const;

/** POST /api/report/list: a page of the caller's linked reports, description ascending (reports right). */
export const fetchReportList = (body: ReportListRequest) =>
  apiPost<ReportListResponse>('/api/report/list', body, () =>
    import('@courier/contracts/reports').then((m) => m.reportListResponse),
  );

/** POST /api/report/run: a linked report's columns, rows and chart over the date range and account. */
export const reportRunQuery = (body: ReportRunRequest) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'run', body],
    queryFn: () =>
      apiPost<ReportRunResponse>('/api/report/run', body, () =>
        import('@courier/contracts/reports').then((m) => m.reportRunResponse),
      ),
  });

/** POST /api/report/export: the report as {rpt_path}.csv or .pdf (export right). */
export const fetchReportExport = (body: ReportExportRequest) =>
  apiPostFile('/api/report/export', body, `report.${body.format}`);

/** 'Download CSV' / 'Download PDF': saves the file; a failure is 'Load Data'. */
export const useReportExport = () =>
  useMutation({
    mutationFn: fetchReportExport,
    onSuccess: saveFile,
    onError: (error) => notifyApiError('Load Data', error),
  });

/** Our report viewer for one report: /report/view?_id. */
export const reportViewPath = (rptId: number) => `/report/view?_id=${rptId}`;
