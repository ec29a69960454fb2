import { useMutation } from '@tanstack/react-query';
import { apiPostFile } from '../../../lib/api-client';
import { openFile } from '../../../lib/download';
import { notifyApiError } from '../../../lib/notify';

/** POST /api/docket/label {_docketId}: the Consignment Label PDF (spec "bookings…" §2 Booking detail). */
export const fetchDocketLabel = (dckId: number) =>
  apiPostFile('/api/docket/label', { _docketId: dckId }, `label-${dckId}.pdf`);

/** 'Consignment Label': opens the label PDF in a new tab; a failure is 'Load Data'. */
export const useDocketLabel = () =>
  useMutation({
    mutationFn: fetchDocketLabel,
    onSuccess: openFile,
    onError: (error) => notifyApiError('Load Data', error),
  });
