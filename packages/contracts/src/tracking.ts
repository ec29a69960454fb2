import { z } from 'zod';
import { dbId, str, tf } from './common';
import { ukDate } from './dockets';

/**
 * Tracking (spec "bookings…" §3 Trace record, §7 docket/tracking, stock/list,
 * docket/signature/list): a docket's trace records, its stock lines and its proof of delivery.
 */

/** What a trace record is: a barcode scan, a status change or a position report. */
export const traceKind = z.enum(['scan', 'status', 'position']);
export type TraceKind = z.infer<typeof traceKind>;

/** docket/tracking body (spec "bookings…" §7 `(id, archive)`): the docket id; at most `limit` newest records. */
export const docketTrackingRequest = z.object({
  id: dbId,
  archive: z.boolean().optional(),
  limit: z.number().int().min(1).max(2000).optional().default(500),
});
export type DocketTrackingRequest = z.input<typeof docketTrackingRequest>;

/**
 * One trace record (spec "bookings…" §3 Trace record). `dtr_scandate` ISO; coordinates WGS84
 * degrees or null; `cg_cust_ref1`/`cg_reference` the consignment number and reference;
 * `dab_reference` the trace reference of the barcode scanned; `dsts_id` the status a status
 * record moved to.
 */
export const traceRecordRow = z.object({
  dtr_id: z.number().int(),
  dtr_kind: traceKind,
  dck_docket: z.number().int(),
  dck_cust_ref1: z.string(),
  drv_driver: z.string().nullable(),
  dtr_scandate: z.string(),
  tloc_description: z.string(),
  dtr_box: z.string(),
  dtr_item: z.string(),
  cg_cust_ref1: z.string(),
  cg_reference: z.string(),
  dab_reference: z.string(),
  dsts_id: z.string().nullable(),
  dtr_latitude: z.number().nullable(),
  dtr_longitude: z.number().nullable(),
});
export type TraceRecordRow = z.infer<typeof traceRecordRow>;

/** docket/tracking answer: the records, newest first, and whether older ones were left out. */
export const docketTrackingResponse = z.object({
  records: z.array(traceRecordRow),
  hasMore: z.boolean(),
});
export type DocketTrackingResponse = z.infer<typeof docketTrackingResponse>;

/** stock/list body (spec "bookings…" §7 `{_docketId, archive}`). */
export const stockListRequest = z.object({ _docketId: dbId, archive: z.boolean().optional() });

/** A stock line: code, description, quantity, container; `scanned` once a scan named its code. */
export const stockRow = z.object({
  stk_id: z.number().int(),
  stk_code: z.string(),
  stk_description: z.string(),
  stk_quantity: z.number().int(),
  dtr_box: z.string(),
  scanned: z.boolean(),
});
export type StockRow = z.infer<typeof stockRow>;

/**
 * docket/signature/list row: who signed, when (ISO) and where, at which address; the image itself
 * is `GET /api/docket/signature/{dsig_id}` (image/png), never inlined.
 */
export const signatureRow = z.object({
  dsig_id: z.number().int(),
  dsig_dadd_id: z.number().int().nullable(),
  drv_driver: z.string().nullable(),
  dsig_signed_by: z.string(),
  dsig_time: z.string(),
  dsig_latitude: z.number().nullable(),
  dsig_longitude: z.number().nullable(),
  /** The image's address: GET, image/png, with the docket's rights. */
  url: z.string(),
});
export type SignatureRow = z.infer<typeof signatureRow>;

/** docket/photo/list row: a delivery photo; the image is `GET /api/docket/photo/{dpho_id}`. */
export const photoRow = z.object({
  dpho_id: z.number().int(),
  dpho_dadd_id: z.number().int().nullable(),
  drv_driver: z.string().nullable(),
  dpho_time: z.string(),
  dpho_type: z.enum(['image/jpeg', 'image/png']),
  url: z.string(),
});
export type PhotoRow = z.infer<typeof photoRow>;

/** Path of GET /api/docket/signature/{id} and /api/docket/photo/{id}. */
export const imageParams = z.object({ id: z.coerce.number().pipe(dbId) });

/** A latitude in degrees. */
export const latitude = z.number().min(-90).max(90);
/** A longitude in degrees. */
export const longitude = z.number().min(-180).max(180);
/** A typed or scanned barcode: printable text, at most 60 characters. */
export const barcodeText = str().trim().min(1, 'Barcode is required').max(60);

/** A point on the map: WGS84 degrees. */
export const mapPoint = z.object({ lat: latitude, lon: longitude });
export type MapPoint = z.infer<typeof mapPoint>;

/**
 * One event of the public tracking view's timeline: what happened (a scan or a status change;
 * position reports are only the route line), when (ISO), where in words, and the status's
 * description and colours for a status change. No driver, no coordinates, no customer references.
 */
export const publicTraceRow = z.object({
  dtr_id: z.number().int(),
  dtr_kind: traceKind,
  dtr_scandate: z.string(),
  tloc_description: z.string(),
  dtr_box: z.string(),
  dtr_item: z.string(),
  dsts_description: z.string().nullable(),
  dsts_color: z.string().nullable(),
  dsts_font_color: z.string().nullable(),
});
export type PublicTraceRow = z.infer<typeof publicTraceRow>;

/** A signature as the public tracking view shows it; `url` serves the image only with the same reference. */
export const publicSignatureRow = z.object({
  dsig_id: z.number().int(),
  dsig_signed_by: z.string(),
  dsig_time: z.string(),
  url: z.string(),
});
export type PublicSignatureRow = z.infer<typeof publicSignatureRow>;

/** A delivery photo as the public tracking view shows it; `url` serves it only with the same reference. */
export const publicPhotoRow = z.object({
  dpho_id: z.number().int(),
  dpho_time: z.string(),
  url: z.string(),
});
export type PublicPhotoRow = z.infer<typeof publicPhotoRow>;

/**
 * docket/track/detail answer (public, by tracking reference): Tracking View, Stock List,
 * Signatures and Map View of one docket. `timeline` newest first; `route` the positions travelled,
 * oldest first; `markers` the first (collection) and last (delivery) address; `driver` the newest
 * position while the docket is live (not in a complete status), else null; `photos` the delivery
 * photos (each served only with the same reference); `map` the tile URL
 * template ('' when the server has no map) and its attribution. No price, no contacts, no driver.
 */
export const trackDetailResponse = z.object({
  live: z.boolean(),
  timeline: z.array(publicTraceRow),
  route: z.array(mapPoint),
  markers: z.object({ collection: mapPoint.nullable(), delivery: mapPoint.nullable() }),
  driver: mapPoint.nullable(),
  stock: z.array(stockRow),
  signatures: z.array(publicSignatureRow),
  photos: z.array(publicPhotoRow),
  map: z.object({ tileUrl: z.string(), attribution: z.string(), zoom: z.number().int() }),
  /**
   * The sections this caller is shown: all for a user signed in to the database; for a guest, what
   * the tenant's tracking settings allow (a section left out comes empty).
   */
  shown: z.object({ map: z.boolean(), stock: z.boolean(), signatures: z.boolean() }),
});
export type TrackDetailResponse = z.infer<typeof trackDetailResponse>;

/** The tracking settings (settings group default) that decide what guests may see and use. */
export const TRACKING_SETTING_KEYS = [
  'aset_web_tracking',
  'aset_web_quicktracking',
  'aset_track_map',
  'aset_track_stock',
  'aset_track_signatures',
] as const;

/**
 * system/tracking answer (spec "access…" §7 `tracking {database}`), each 'T' unless set 'F':
 * aset_web_tracking, the public tracking view for guests; aset_web_quicktracking, the header's
 * tracking reference box for guests; and beyond the spec, the sections of the public view a guest
 * is shown: aset_track_map (Map View), aset_track_stock (Stock List), aset_track_signatures
 * (Signatures and photos).
 */
export const trackingSettings = z.object(
  Object.fromEntries(TRACKING_SETTING_KEYS.map((k) => [k, tf])) as Record<
    (typeof TRACKING_SETTING_KEYS)[number],
    typeof tf
  >,
);
export type TrackingSettings = z.infer<typeof trackingSettings>;

/** Spec "bookings…" §9: the map's default zoom. */
export const MAP_DEFAULT_ZOOM = 6;

// ---------------------------------------------------------------------------------------------
// Track and Trace list (spec "bookings…" §2 Track and Trace list, §7 trackandtrace/list).

/** Columns the Track and Trace list sorts by in SQL; the default is the docket number, descending. */
export const TRACE_SORT_COLUMNS = ['dck_docket', 'dtr_scandate', 'drv_driver', 'tloc_description'] as const;
export type TraceSortColumn = (typeof TRACE_SORT_COLUMNS)[number];

/**
 * trackandtrace/list body (spec "bookings…" §7 `(dateStart, dateEnd)`, DD/MM/YYYY, both or neither;
 * neither is the default window, two days back to today, spec §9), with the page and sort.
 */
export const traceListRequest = z.object({
  dateStart: ukDate.optional(),
  dateEnd: ukDate.optional(),
  sort: z
    .object({ column: z.enum(TRACE_SORT_COLUMNS), direction: z.enum(['asc', 'desc']) })
    .default({ column: 'dck_docket', direction: 'desc' }),
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.union([z.literal(20), z.literal(50)]).default(20),
});
export type TraceListRequest = z.input<typeof traceListRequest>;

/**
 * One row of the Track and Trace list (spec "bookings…" §3 Trace record): the docket number and
 * first reference, the driver, location, container, item, consignment number and reference, trace
 * ref, the scan time (ISO) and position. `tracking_reference` opens the tracking view: '' when the
 * user's docket access is disabled (`ausr_trace_disable_docket_access` 'T'). `signatures`,
 * `hasTracking` and `hasStock` say what the docket has to show.
 */
export const traceListRow = traceRecordRow.omit({ dtr_kind: true, dsts_id: true }).extend({
  dck_id: z.number().int(),
  tracking_reference: z.string(),
  signatures: z.boolean(),
  hasTracking: z.boolean(),
  hasStock: z.boolean(),
});
export type TraceListRow = z.infer<typeof traceListRow>;

/**
 * trackandtrace/list answer: one page, the window it covers (DD/MM/YYYY), which of the optional
 * columns the settings show (Reference, Consignment No and Ref, Trace Ref) and whether a row may
 * open the tracking view.
 */
export const traceListResponse = z.object({
  rows: z.array(traceListRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  dateStart: z.string(),
  dateEnd: z.string(),
  columns: z.object({ reference: z.boolean(), consignment: z.boolean(), traceRef: z.boolean() }),
  docketAccess: z.boolean(),
});
export type TraceListResponse = z.infer<typeof traceListResponse>;

/** The settings (group default) that show the Track and Trace list's optional columns ('T' shows, the default). */
export const TRACE_COLUMN_SETTINGS = {
  reference: 'aset_trace_reference',
  consignment: 'aset_trace_consignment',
  traceRef: 'aset_trace_traceref',
} as const;
