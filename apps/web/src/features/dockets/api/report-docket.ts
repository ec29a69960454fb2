import { useMutation, useMutationState } from '@tanstack/react-query';
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

/** The key of every docket report's download (usePendingReports finds them by it). */
const REPORT_KEY = ['report-docket'];

/** The lists' 'Download PDF' row action; a failure is 'Load Data'. */
export const useDocketReport = () =>
  useMutation({
    mutationKey: REPORT_KEY,
    mutationFn: fetchDocketReport,
    onSuccess: saveFile,
    onError: (error) => notifyApiError('Load Data', error),
  });

/**
 * The ids (dck_id) of the dockets whose report is on its way: a list's one useDocketReport may
 * run several at once (row A, then row B before A's is in), and each row's button shows its own.
 */
export const usePendingReports = (): number[] =>
  useMutationState({
    filters: { mutationKey: REPORT_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as ReportTarget).dck_id,
  });
