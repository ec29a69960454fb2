import {
  MAP_DEFAULT_ZOOM,
  MSG,
  trackDetailResponse,
  type TrackDetailResponse,
  type TrackRequest,
  type TraceKind,
} from '@courier/contracts';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/access';
import { tenantByName } from '../auth/tenant-tokens';
import { trackingSettingsFrom } from '../settings/settings.service';
import { seesWholeTracking, trackedDocket, type DocketDeps } from '../dockets/dockets.service';
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

/** Views kept per tenant database, by database and reference: their version and their JSON. */
const kept = new WeakMap<Db, LRUCache<string, { version: string; json: Buffer }>>();
/** At most this many bytes of kept views per tenant database (16 MB). */
const KEPT_BYTES = 16 * 1024 * 1024;

function keptOf(db: Db) {
  let views = kept.get(db);
  if (!views) {
    views = new LRUCache({ maxSize: KEPT_BYTES, sizeCalculation: (v) => v.json.length + v.version.length });
    kept.set(db, views);
  }
  return views;
}

type Shown = TrackDetailResponse['shown'];

/**
 * The sections a caller is shown: all when it sees the docket whole (seesWholeTracking); to anyone
 * else, what the tenant's tracking settings allow a guest. 401 for a guest where the tenant allows
 * no guests (GuestAccessAllowed) or no public tracking (aset_web_tracking 'F'), 404 there for a
 * user signed in to the database; 404 for an unknown reference.
 */
function shownTo(
  r: { guest: string | null; tracking: Record<string, string>; dck_id: number | null },
  whole: boolean,
  signedIn: boolean,
): Shown {
  let shown: Shown = { map: true, stock: true, signatures: true };
  if (!whole) {
    const s = trackingSettingsFrom(r.tracking);
    if (r.guest !== 'T' || s.aset_web_tracking === 'F')
      throw signedIn
        ? new AppError('NOT_FOUND', MSG.trackingNotFound)
        : new AppError('NOT_AUTHENTICATED', MSG.notAuthenticated);
    shown = {
      map: s.aset_track_map === 'T',
      stock: s.aset_track_stock === 'T',
      signatures: s.aset_track_signatures === 'T',
    };
  }
  if (r.dck_id === null) throw new AppError('NOT_FOUND', MSG.trackingNotFound);
  return shown;
}

/**
 * docket/track/detail (public, the same checks as docket/track): the Tracking View, Stock List,
 * Signatures and Map View of the one docket the reference names, as JSON bytes (trackDetailResponse, UTF-8).
 * Nothing of any other docket; no price, contact, driver or customer reference. The route and the
 * driver's last position start, for every viewer the control room included, at each driver's
 * first scan of the docket or its collection: before, a driver's positions (recorded on each of
 * their open jobs) are their way through other customers' jobs. The tenant's
 * tracking settings (default group) close it to guests (aset_web_tracking) or leave sections out
 * of a guest's view (aset_track_map, _stock, _signatures; `shown` says which). A view served before is kept (per process, 16 MB per tenant)
 * with its version: one small statement (repo.trackVersionOf) checks the guest flag, the
 * reference and that version, and an unchanged view is answered as kept. Otherwise one statement
 * (repo.trackDetailOf) reads the guest-access setting, everything shown and its version.
 * Shown whole to the docket's own users and the control room (seesWholeTracking), to anyone else
 * as to a guest.
 * @throws AppError 404 naming `database` for an unknown database; NOT_AUTHENTICATED when it does not
 *   allow guests and the caller is not signed in to it (as guestTenant); NOT_FOUND 'Your order was
 *   not found, please check your Tracking Reference' (also to a user of the database shown the
 *   guest view where guests may not track)
 */
export async function trackDetailJson(
  deps: TrackDetailDeps,
  req: TrackRequest,
  caller: AuthContext | undefined,
): Promise<Buffer> {
  const tenant = tenantByName(deps, req.database);
  const ref = req.tracking_ref.toUpperCase();
  const whole = await seesWholeTracking(caller, tenant, ref);
  const views = keptOf(tenant.db);
  // The whole view and a guest's may show different sections: each is kept apart.
  const key = `${req.database}\n${ref}\n${whole ? 'user' : 'guest'}`;
  const view = views.get(key);
  if (view) {
    // The settings are in the version: the same version, the same guest flags and sections.
    const now = await repo.trackVersionOf(tenant.db, ref);
    if (now.version === view.version) return view.json;
  }
  const r = await repo.trackDetailOf(tenant.db, ref, TIMELINE_LIMIT, ROUTE_LIMIT);
  // Kept as UTF-8 bytes: a kept view is written out as it is, not encoded again per answer.
  const json = Buffer.from(
    JSON.stringify(
      trackDetailResponse.parse(
        detailOf(deps, req, r, shownTo(r, whole, caller?.tenant.name === tenant.name)),
      ),
    ),
  );
  views.set(key, { version: r.version!, json });
  return json;
}

/** The view of trackDetailOf's record, with only the `shown` sections filled. */
function detailOf(
  deps: TrackDetailDeps,
  req: TrackRequest,
  r: repo.TrackDetailRecord,
  shown: Shown,
): TrackDetailResponse {
  const live = r.dsts_complete !== 'T';
  const ends = shown.map ? r.ends : [];
  const route = shown.map ? r.route : [];
  return {
    live,
    timeline: r.timeline.map((t) => ({ ...t, dtr_kind: t.dtr_kind as TraceKind })),
    route,
    markers: { collection: point(ends[0]), delivery: ends.length > 1 ? point(ends.at(-1)) : null },
    driver: live ? (route.at(-1) ?? null) : null,
    stock: shown.stock ? r.stock : [],
    signatures: shown.signatures
      ? r.signatures.map((s) => ({ ...s, url: publicImageUrl('signature', req, s.dsig_id) }))
      : [],
    photos: shown.signatures
      ? r.photos.map((p) => ({ ...p, url: publicImageUrl('photo', req, p.dpho_id) }))
      : [],
    map: {
      tileUrl: shown.map ? (deps.mapTileUrl ?? '') : '',
      attribution: deps.mapAttribution ?? '',
      zoom: MAP_DEFAULT_ZOOM,
    },
    shown,
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
  const { tenant, dck_id, tracking } = await trackedDocket(deps, req, caller);
  // A guest sees signatures and photos only where the tracking settings show them.
  if (tracking?.aset_track_signatures === 'F') throw new AppError('NOT_FOUND', MSG.trackingNotFound);
  const found =
    kind === 'signature' ? await repo.signatureImage(tenant.db, id) : await repo.photoImage(tenant.db, id);
  if (!found || found.dck_id !== dck_id) throw new AppError('NOT_FOUND', MSG.trackingNotFound);
  return { type: found.type === 'image/png' ? 'image/png' : 'image/jpeg', bytes: found.bytes };
}
