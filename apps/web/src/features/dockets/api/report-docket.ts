import { useMutation } from '@tanstack/react-query';
import { apiPostFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';
import { notifyApiError } from '../../../lib/notify';

/** The docket to report on: its id for the call, its number for the file name. */
export interface ReportTarget {
  dck_id: number;
  dck_docket: number;
}

/**
 * POST /api/report/docket {_docketId}: the docket detail report, a PDF named {dck_docket}.pdf
 * (spec "bookings…" §7 Reports). The session cookie authenticates it (spec "access…" §6).
 */
export const fetchDocketReport = (target: ReportTarget) =>
  apiPostFile('/api/report/docket', { _docketId: target.dck_id }, `${target.dck_docket}.pdf`);

/** The lists' 'Download PDF' row action; a failure is 'Load Data'. */
export const useDocketReport = () =>
  useMutation({
    mutationFn: fetchDocketReport,
    onSuccess: saveFile,
    onError: (error) => notifyApiError('Load Data', error),
  });
