import { z } from 'zod';
import { docketAddressRow } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import type { DocketRef } from './docket-detail';

/** POST /api/docket/address/list {_docketId, archive}: the saved booking's addresses in order (spec "bookings…" §7). */
export const fetchDocketAddresses = (ref: DocketRef) =>
  apiPost('/api/docket/address/list', ref, z.array(docketAddressRow));
