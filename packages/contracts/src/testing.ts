import type { MapPoint, TrackDetailResponse, TrackResponse } from './index';

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

/**
 * Test fixture: the Order Summary of a delivered docket from Leeds to York (docket/track's answer,
 * spec "bookings…" §2), reference TABC123, its map shown, with `over` laid on top.
 */
export const trackSummaryWith = (over: Partial<TrackResponse> = {}): TrackResponse => ({
  tracking_reference: 'TABC123',
  dck_docket: 1001,
  status: 'Delivered',
  dsts_color: '#2b8a3e',
  dsts_font_color: '#ffffff',
  collection: { town: 'Leeds', postcode: 'LS1 4AP' },
  delivery: { town: 'York', postcode: 'YO1 7HH' },
  booked: '2026-11-20T09:00:00.000Z',
  map: true,
  ...over,
});
