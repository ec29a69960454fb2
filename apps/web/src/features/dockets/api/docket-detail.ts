import { docketDetail } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** Body of the docket detail calls: the docket id and whether it is read from history. */
export interface DocketRef {
  _docketId: number;
  archive: boolean;
}

/** POST /api/docket/detail: the saved booking's head ('Docket not found' 404 when not the user's). */
export const fetchDocketDetail = (ref: DocketRef) => apiPost('/api/docket/detail', ref, docketDetail);
