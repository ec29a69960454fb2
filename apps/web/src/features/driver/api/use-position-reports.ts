import { useEffect, useRef } from 'react';

/** Send a position at least this often while a job is live (ms), and whenever the phone moved this far (m). */
export const POSITION_EVERY_MS = 30_000;
export const POSITION_EVERY_M = 100;

/** Metres between two WGS84 points (haversine). */
export function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** A position to report: degrees and when (ISO). */
export interface Fix {
  dtr_latitude: number;
  dtr_longitude: number;
  time: string;
}

/**
 * While `live`, watches the phone's position (Geolocation API) and hands `report` one fix every
 * POSITION_EVERY_MS, or at once when it moved POSITION_EVERY_M from the last one reported. Also
 * keeps `latest` current, for the position of scans and actions. Nothing when the browser has no
 * geolocation or the driver refused it.
 */
export function usePositionReports(live: boolean, report: (fix: Fix) => void) {
  const latest = useRef<Fix | null>(null);
  const last = useRef<{ lat: number; lng: number; at: number } | null>(null);
  const reportRef = useRef(report);
  reportRef.current = report;

  useEffect(() => {
    if (!live || !('geolocation' in navigator)) return;
    const maybeSend = (force: boolean) => {
      const fix = latest.current;
      if (!fix) return;
      const here = { lat: fix.dtr_latitude, lng: fix.dtr_longitude };
      const prev = last.current;
      const due =
        force ||
        !prev ||
        Date.now() - prev.at >= POSITION_EVERY_MS ||
        metresBetween(prev, here) >= POSITION_EVERY_M;
      if (!due) return;
      last.current = { ...here, at: Date.now() };
      reportRef.current({ ...fix, time: new Date().toISOString() });
    };
    const watch = navigator.geolocation.watchPosition(
      (p) => {
        latest.current = {
          dtr_latitude: p.coords.latitude,
          dtr_longitude: p.coords.longitude,
          time: new Date(p.timestamp || Date.now()).toISOString(),
        };
        maybeSend(false);
      },
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 10_000 },
    );
    // A phone standing still may not call back: the timer still sends every 30 s.
    const timer = setInterval(() => maybeSend(false), 5_000);
    return () => {
      navigator.geolocation.clearWatch(watch);
      clearInterval(timer);
    };
  }, [live]);

  return latest;
}
