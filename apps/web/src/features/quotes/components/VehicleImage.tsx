import type { ReactNode } from 'react';

/** Wheels at x on the ground line, radius r. */
const wheels = (xs: number[], r = 6) => xs.map((x) => <circle key={x} cx={x} cy={40 - r} r={r} />);

/**
 * The vehicle drawings by tariff id (spec "bookings…" §9: 1 bicycle, 2 moped, 3 motorbike, 4 car,
 * 5 small van, 6 large van, 7 luton van, 8 hgv, 9 mini bus, 10 coach, 11 mpv): one line style on a
 * 96 × 48 grid, side views facing right, wheels on one ground line, drawn for this project.
 */
const DRAWINGS: Record<number, ReactNode> = {
  1: (
    <>
      {wheels([24, 70], 10)}
      <path d="M24 30 L38 14 L60 14 L70 30 M38 14 L46 30 L24 30 M46 30 L60 14 M34 10 h10 M60 14 L58 8 h6" />
    </>
  ),
  2: (
    <>
      {wheels([22, 72], 7)}
      <path d="M22 33 H40 Q46 22 58 22 H66 L72 33 M40 33 Q44 26 52 26 M30 22 H44 M66 22 L62 10 H70" />
    </>
  ),
  3: (
    <>
      {wheels([20, 74], 8)}
      <path d="M20 32 L34 22 H50 L56 16 H66 L74 32 M34 22 L30 16 H44 M56 16 L62 8 H70 M40 32 H60" />
    </>
  ),
  4: (
    <>
      {wheels([24, 72])}
      <path d="M10 34 V26 Q12 22 20 22 L30 14 H58 L70 22 Q84 23 86 28 V34 Z M34 16 V22 M50 16 V22 M33 22 H66" />
    </>
  ),
  5: (
    <>
      {wheels([22, 74])}
      <path d="M8 34 V10 H62 L76 20 Q86 22 88 28 V34 Z M62 10 V20 H76 M44 14 V30" />
    </>
  ),
  6: (
    <>
      {wheels([20, 40, 76])}
      <path d="M4 34 V6 H66 L78 18 Q88 20 90 26 V34 Z M66 6 V18 H78 M50 10 V30" />
    </>
  ),
  7: (
    <>
      {wheels([20, 74])}
      <path d="M4 34 V4 H70 V14 H62 M62 4 V34 M62 14 L76 14 L84 22 Q90 24 90 28 V34 H62 M64 16 H74 L80 22 H64 Z" />
    </>
  ),
  8: (
    <>
      {wheels([14, 28, 54, 80])}
      <path d="M2 32 V4 H64 V32 Z M66 34 V10 H80 L90 20 V34 Z M70 13 H79 L86 20 H70 Z" />
    </>
  ),
  9: (
    <>
      {wheels([22, 74])}
      <path d="M6 34 V10 Q6 8 10 8 H72 L84 18 Q90 20 90 26 V34 Z M12 12 H24 V20 H12 Z M30 12 H42 V20 H30 Z M48 12 H60 V20 H48 Z M66 12 H72 L80 20 H66 Z" />
    </>
  ),
  10: (
    <>
      {wheels([16, 30, 78])}
      <path d="M2 34 V6 Q2 3 6 3 H84 Q90 3 91 10 V34 Z M8 8 H20 V18 H8 Z M24 8 H36 V18 H24 Z M40 8 H52 V18 H40 Z M56 8 H68 V18 H56 Z M72 8 H88 V20 H72 Z M4 24 H90" />
    </>
  ),
  11: (
    <>
      {wheels([24, 72])}
      <path d="M8 34 V16 Q10 10 18 10 H60 L74 20 Q86 22 88 28 V34 Z M20 12 V20 M40 12 V20 M58 12 V20 M14 20 H72" />
    </>
  ),
};

/**
 * A tariff's vehicle (spec "bookings…" §9), decorative beside its description: hidden from
 * assistive tech. An id outside 1–11 shows a plain parcel box.
 */
export function VehicleImage({ tariff, size = 96 }: { tariff: number; size?: number }) {
  return (
    <svg
      viewBox="0 0 96 48"
      width={size}
      height={size / 2}
      aria-hidden="true"
      focusable="false"
      data-tariff={tariff}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      style={{ flex: 'none' }}
    >
      <line x1="0" y1="41.5" x2="96" y2="41.5" strokeWidth={1} strokeOpacity={0.4} />
      {DRAWINGS[tariff] ?? <rect x="30" y="10" width="36" height="30" rx="2" />}
    </svg>
  );
}
