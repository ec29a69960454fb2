import {
  MSG,
  type DocketTrackingResponse,
  type PhotoRow,
  type SignatureRow,
  type StockRow,
  type TraceKind,
} from '@courier/contracts';
import { AppError } from '../../lib/app-error';
import { docketScope, hasRight, type AuthContext } from '../auth/access';
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
  if (hasRight(auth, 'control') || hasRight(auth, 'admin')) return 'tenant' as const;
  if (!(['history', 'booking', 'trace'] as const).some((r) => hasRight(auth, r)))
    throw new AppError('NOT_AUTHORIZED', MSG.notAuthorized);
  return docketScope(auth);
}

/**
 * docket/tracking (spec "bookings…" §7 `(id, archive)`): the docket's trace records, newest first,
 * at most `limit` (`hasMore` when older ones were left out). Rights as readableDocket.
 */
export async function docketTracking(
  auth: AuthContext,
  req: { id: number; limit: number },
): Promise<DocketTrackingResponse> {
  await readableDocket(auth, req.id);
  const rows = await repo.traceOf(auth.db, req.id, req.limit + 1);
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
