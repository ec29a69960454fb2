import { z } from 'zod';
import { docketBarcodeRow } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import type { DocketRef } from './docket-detail';

/** A saved barcode: the address it belongs to (dab_dadd_id) and the code. */
export type DocketBarcodeRow = z.infer<typeof docketBarcodeRow>;

/** POST /api/docket/barcode/list {_docketId, archive}: the saved booking's barcodes (spec "bookings…" §7). */
export const fetchDocketBarcodes = (ref: DocketRef) =>
  apiPost('/api/docket/barcode/list', ref, z.array(docketBarcodeRow));
