import { useMutation } from '@tanstack/react-query';
import type { ExportRequest } from '@courier/contracts';
import { apiPostFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';
import { notifyApiError } from '../../../lib/notify';

/**
 * POST /api/docket/export: the list's current filter as booking-history.csv or booking-history.pdf
 * (spec "bookings…" §2 Export to CSV, §9 CSV file name); export right only.
 */
export const fetchDocketExport = (body: ExportRequest) =>
  apiPostFile('/api/docket/export', body, `booking-history.${body.format}`);

/** 'Export to CSV' / 'Export to PDF'; a failure is 'Load Data'. */
export const useDocketExport = () =>
  useMutation({
    mutationFn: fetchDocketExport,
    onSuccess: saveFile,
    onError: (error) => notifyApiError('Load Data', error),
  });
