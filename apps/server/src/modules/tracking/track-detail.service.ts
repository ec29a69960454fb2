import {
  MAP_DEFAULT_ZOOM,
  MSG,
  type TrackDetailResponse,
  type TrackRequest,
  type TraceKind,
} from '@courier/contracts';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/access';
import { tenantByName } from '../auth/tenant-tokens';
import { trackedDocket, type DocketDeps } from '../dockets/dockets.service';
import * as repo from './tracking.repository';
import type { ImageOut } from './tracking.service';

/** The public tracking view's map: tile URL template ('' for none) and its attribution. */
export interface TrackMapDeps {
  mapTileUrl?: string;
  mapAttribution?: string;
}

export type TrackDetailDeps = Pick<DocketDeps, 'tenants'> & TrackMapDeps;

/** The newest events the timeline shows, and the positions the route line is drawn through. */
const TIMELINE_LIMIT = 200;
const ROUTE_LIMIT = 2000;

const point = (
  p: { lat: number | null; lon: number | null } | undefined,
): { lat: number; lon: number } | null =>
  p && p.lat !== null && p.lon !== null ? { lat: p.lat, lon: p.lon } : null;

/** The address of an image as the public view serves it: only with the same reference. */
const publicImageUrl = (kind: 'signature' | 'photo', req: TrackRequest, id: number) =>
  `/api/docket/track/${kind}/${id}?${new URLSearchParams({ database: req.database, tracking_ref: req.tracking_ref.toUpperCase() }).toString()}`;

/**
 * docket/track/detail (public, the same checks as docket/track): the Tracking View, Stock List,
 * Signatures and Map View of the one docket the reference names. Nothing of any other docket; no
 * price, contact, driver or customer reference. The tenant has no `tracking` settings to narrow it.
 * One statement (repo.trackDetailOf) reads the guest-access setting and everything shown.
 * @throws AppError 404 naming `database` for an unknown database; NOT_AUTHENTICATED when it does not
 *   allow guests and the caller is not signed in to it (as guestTenant); NOT_FOUND 'Your order was
 *   not found, please check your Tracking Reference'
 */
export async function trackDetail(
  deps: TrackDetailDeps,
  req: TrackRequest,
  caller: AuthContext | undefined,
): Promise<TrackDetailResponse> {
  const tenant = tenantByName(deps, req.database);
  const r = await repo.trackDetailOf(tenant.db, req.tracking_ref.toUpperCase(), TIMELINE_LIMIT, ROUTE_LIMIT);
  if (caller?.tenant.name !== tenant.name && r.guest !== 'T')
    throw new AppError('NOT_AUTHENTICATED', MSG.notAuthenticated);
  if (r.dck_id === null) throw new AppError('NOT_FOUND', MSG.trackingNotFound);
  const live = r.dsts_complete !== 'T';
  const ends = r.ends;
  return {
    live,
    timeline: r.timeline.map((t) => ({ ...t, dtr_kind: t.dtr_kind as TraceKind })),
    route: r.route,
    markers: { collection: point(ends[0]), delivery: ends.length > 1 ? point(ends.at(-1)) : null },
    driver: live ? (r.route.at(-1) ?? null) : null,
    stock: r.stock,
    signatures: r.signatures.map((s) => ({ ...s, url: publicImageUrl('signature', req, s.dsig_id) })),
    photos: r.photos.map((p) => ({ ...p, url: publicImageUrl('photo', req, p.dpho_id) })),
    map: { tileUrl: deps.mapTileUrl ?? '', attribution: deps.mapAttribution ?? '', zoom: MAP_DEFAULT_ZOOM },
  };
}

/**
 * GET /api/docket/track/signature/{id} and /api/docket/track/photo/{id}?database&tracking_ref
 * (public): the signature's PNG, or the photo's JPEG or PNG, only when it belongs to the docket of
 * that reference; any other id is 404, as an unknown reference is.
 */
export async function trackImage(
  deps: Pick<DocketDeps, 'tenants'>,
  kind: 'signature' | 'photo',
  req: TrackRequest,
  id: number,
  caller: AuthContext | undefined,
): Promise<ImageOut> {
  const { tenant, dck_id } = await trackedDocket(deps, req, caller);
  const found =
    kind === 'signature' ? await repo.signatureImage(tenant.db, id) : await repo.photoImage(tenant.db, id);
  if (!found || found.dck_id !== dck_id) throw new AppError('NOT_FOUND', MSG.trackingNotFound);
  return { type: found.type === 'image/png' ? 'image/png' : 'image/jpeg', bytes: found.bytes };
}
