import type { MapPoint, TrackDetailResponse } from './index';

/** A delivery point in London (Buckingham Palace), where test maps centre. */
export const LONDON: MapPoint = { lat: 51.5014, lon: -0.1419 };

/**
 * Test fixture (web and server tests only, never imported by app code): the tracking details of a
 * docket with nothing scanned, signed or photographed, delivering to LONDON, its map and every
 * section shown (spec "bookings…" §2 Tracking), with `over` laid on top.
 */
export const trackDetailWith = (over: Partial<TrackDetailResponse> = {}): TrackDetailResponse => ({
  live: false,
  timeline: [],
  route: [],
  markers: { collection: null, delivery: LONDON },
  driver: null,
  stock: [],
  signatures: [],
  photos: [],
  map: { tileUrl: '', attribution: '', zoom: 6 },
  shown: { map: true, stock: true, signatures: true },
  ...over,
});
