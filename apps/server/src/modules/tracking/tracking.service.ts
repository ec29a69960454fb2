import type { z } from 'zod';
import {
  MSG,
  TRACE_COLUMN_SETTINGS,
  type DocketTrackingResponse,
  type TraceListResponse,
  type traceListRequest,
  type PhotoRow,
  type SignatureRow,
  type StockRow,
  type TraceKind,
} from '@courier/contracts';
import { AppError, validationError } from '../../lib/app-error';
import { formatUk, ukDayRange } from '../../lib/dates';
import { assertRight, docketScope, trackingReadScope, type AuthContext } from '../auth/access';
import { settingsOf } from '../settings/settings.repository';
import { docketHead } from '../dockets/dockets.repository';
import * as repo from './tracking.repository';

const notFound = () => new AppError('NOT_FOUND', MSG.docketNotFound);

/**
 * The docket's head when the caller may read its tracking and proof of delivery: the control room
 * and administrators (control or admin right) any docket of their tenant; a booking user (history,
 * booking or trace right) the dockets of their docket scope (linked accounts; own bookings only
 * for an own-bookings user). 403 without any of those rights; 404 'Docket not found' otherwise,
 * so another account's docket and a missing one look alike.
 */
export async function readableDocket(auth: AuthContext, dckId: number) {
  const head = await docketHead(auth.db, dckId, trackingScope(auth));
  if (!head) throw notFound();
  return head;
}

/** The dockets whose tracking the caller may read (see readableDocket); 403 without a right to any. */
function trackingScope(auth: AuthContext) {
  const scope = trackingReadScope(auth);
  if (!scope) throw new AppError('NOT_AUTHORIZED', MSG.notAuthorized);
  return scope;
}

/**
 * docket/tracking (spec "bookings…" §7 `(id, archive)`): the docket's trace records, newest first,
 * at most `limit` (`hasMore` when older ones were left out). Rights as readableDocket. The control
 * room and administrators see every position; a booking user only those from the docket's first
 * scan or collection on (before, the driver's positions are their way through other customers' jobs).
 */
export async function docketTracking(
  auth: AuthContext,
  req: { id: number; limit: number },
): Promise<DocketTrackingResponse> {
  await readableDocket(auth, req.id);
  const wholeTenant = trackingReadScope(auth) === 'tenant';
  const rows = await repo.traceOf(auth.db, req.id, req.limit + 1, !wholeTenant);
  return {
    records: rows.slice(0, req.limit).map((r) => ({
      ...r,
      dtr_kind: r.dtr_kind as TraceKind,
      dck_docket: Number(r.dck_docket),
      dtr_scandate: r.dtr_scandate.toISOString(),
    })),
    hasMore: rows.length > req.limit,
  };
}

/** stock/list (spec "bookings…" §7 `{_docketId, archive}`): the docket's stock lines, ticked when scanned. */
export async function stockList(auth: AuthContext, dckId: number): Promise<StockRow[]> {
  await readableDocket(auth, dckId);
  return repo.stockOf(auth.db, dckId);
}

/** docket/signature/list (spec "bookings…" §7): who signed, when and where; each image by its `url`. */
export async function signatureList(auth: AuthContext, dckId: number): Promise<SignatureRow[]> {
  await readableDocket(auth, dckId);
  return (await repo.signaturesOf(auth.db, dckId)).map((s) => ({
    ...s,
    dsig_time: s.dsig_time.toISOString(),
    url: `/api/docket/signature/${s.dsig_id}`,
  }));
}

/** docket/photo/list: the docket's delivery photos; each image by its `url`. */
export async function photoList(auth: AuthContext, dckId: number): Promise<PhotoRow[]> {
  await readableDocket(auth, dckId);
  return (await repo.photosOf(auth.db, dckId)).map((p) => ({
    ...p,
    dpho_type: p.dpho_type === 'image/png' ? 'image/png' : 'image/jpeg',
    dpho_time: p.dpho_time.toISOString(),
    url: `/api/docket/photo/${p.dpho_id}`,
  }));
}

/** An image of proof of delivery: its media type and bytes. */
export interface ImageOut {
  type: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

/**
 * GET /api/docket/signature/{id} and /api/docket/photo/{id}: the image, with the rights of its
 * docket (readableDocket); 404 'Docket not found' for an unknown image or one the caller may not read.
 */
export async function image(auth: AuthContext, kind: 'signature' | 'photo', id: number): Promise<ImageOut> {
  trackingScope(auth);
  const found =
    kind === 'signature' ? await repo.signatureImage(auth.db, id) : await repo.photoImage(auth.db, id);
  if (!found) throw notFound();
  await readableDocket(auth, found.dck_id);
  return { type: found.type === 'image/png' ? 'image/png' : 'image/jpeg', bytes: found.bytes };
}

/** Days before today where the Track and Trace list's default window starts (spec "bookings…" §9). */
const TRACE_WINDOW_DAYS = 2;

/**
 * trackandtrace/list (trace right; spec "bookings…" §2 Track and Trace list, §7): a page of the
 * trace records (scans and status changes) of the caller's docket scope scanned within the UK days
 * dateStart to dateEnd (both or neither; neither is two days back to today), descending by docket
 * by default. The Reference, Consignment and Trace Ref columns show by the settings
 * default.aset_trace_* ('F' hides; shown otherwise). A user whose docket access is disabled gets no
 * tracking references. 403 without the trace right; 400 naming the date fields.
 */
export async function traceList(
  auth: AuthContext,
  now: Date,
  req: z.output<typeof traceListRequest>,
): Promise<TraceListResponse> {
  assertRight(auth, 'trace');
  const dateStart =
    req.dateStart ??
    (req.dateEnd ? '' : formatUk(new Date(now.getTime() - TRACE_WINDOW_DAYS * 86_400_000), 'DD/MM/YYYY'));
  const dateEnd = req.dateEnd ?? (req.dateStart ? '' : formatUk(now, 'DD/MM/YYYY'));
  const { from, to, fields } = ukDayRange(dateStart || undefined, dateEnd || undefined);
  if (Object.keys(fields).length) throw validationError(fields);
  const settings = await settingsOf(auth.db, 'default');
  const shown = (key: string) => settings[key] !== 'F';
  const docketAccess = auth.user.ausr_trace_disable_docket_access !== 'T';
  const scope = docketScope(auth);
  const rows =
    scope.accountIds.length === 0
      ? []
      : await repo.traceList(auth.db, {
          ...scope,
          from: from!,
          to: to!,
          sort: req.sort,
          limit: req.pageSize + 1,
          offset: (req.page - 1) * req.pageSize,
        });
  return {
    rows: rows.slice(0, req.pageSize).map(({ dtr_kind: _kind, dsts_id: _status, ...r }) => ({
      ...r,
      dck_docket: Number(r.dck_docket),
      dtr_scandate: r.dtr_scandate.toISOString(),
      tracking_reference: docketAccess ? r.tracking_reference : '',
      hasTracking: true,
    })),
    page: req.page,
    pageSize: req.pageSize,
    hasMore: rows.length > req.pageSize,
    dateStart,
    dateEnd,
    columns: {
      reference: shown(TRACE_COLUMN_SETTINGS.reference),
      consignment: shown(TRACE_COLUMN_SETTINGS.consignment),
      traceRef: shown(TRACE_COLUMN_SETTINGS.traceRef),
    },
    docketAccess,
  };
}
