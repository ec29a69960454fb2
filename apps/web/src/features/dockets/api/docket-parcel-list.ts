import { z } from 'zod';
import { docketParcelRow } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import type { DocketRef } from './docket-detail';

/** A saved parcel row. */
export type DocketParcelRow = z.infer<typeof docketParcelRow>;

/** POST /api/docket/parcel/list {_docketId, archive}: the saved booking's parcels (spec "bookings…" §7). */
export const fetchDocketParcels = (ref: DocketRef) =>
  apiPost('/api/docket/parcel/list', ref, z.array(docketParcelRow));
