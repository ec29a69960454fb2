/** What a vehicle carries: total weight in kg and pieces. */
export interface Capacity {
  maxKg: number;
  maxPieces: number;
}

/**
 * Default capacity per tariff (vehicle) id of spec "bookings…" §9: 1 bicycle … 11 MPV. A courier's
 * own figures go in the config setting `Capacity.{tariff id}` as "kg,pieces" (e.g. "900,60").
 */
export const DEFAULT_CAPACITY: Readonly<Record<number, Capacity>> = {
  1: { maxKg: 10, maxPieces: 5 }, // bicycle
  2: { maxKg: 25, maxPieces: 10 }, // moped
  3: { maxKg: 40, maxPieces: 10 }, // motorbike
  4: { maxKg: 200, maxPieces: 30 }, // car
  5: { maxKg: 800, maxPieces: 80 }, // small van
  6: { maxKg: 1200, maxPieces: 150 }, // large van
  7: { maxKg: 1000, maxPieces: 200 }, // luton van
  8: { maxKg: 24000, maxPieces: 999 }, // hgv
  9: { maxKg: 500, maxPieces: 40 }, // mini bus
  10: { maxKg: 2000, maxPieces: 100 }, // coach
  11: { maxKg: 400, maxPieces: 40 }, // mpv
};

/** The capacity of a tariff: the `Capacity.{id}` config setting when well-formed, else the default. */
export function capacityOf(tariff: number, config: Record<string, string>): Capacity | undefined {
  const m = /^\s*(\d{1,6})\s*,\s*(\d{1,5})\s*$/.exec(config[`Capacity.${tariff}`] ?? '');
  return m ? { maxKg: Number(m[1]), maxPieces: Number(m[2]) } : DEFAULT_CAPACITY[tariff];
}

const kg = (n: number) => `${n.toLocaleString('en-GB', { maximumFractionDigits: 1 })} kg`;
const pieces = (n: number) => `${n.toLocaleString('en-GB')} piece${n === 1 ? '' : 's'}`;

/**
 * Why the parcels do not fit the vehicle (weights are per piece), naming the limit; null when they
 * fit or the vehicle has no known capacity.
 */
export function overCapacity(
  vehicle: string,
  capacity: Capacity | undefined,
  parcels: readonly { dpcl_quantity: number; dpcl_weight: number }[],
): string | null {
  if (!capacity) return null;
  const count = parcels.reduce((n, p) => n + p.dpcl_quantity, 0);
  const weight = parcels.reduce((n, p) => n + p.dpcl_quantity * p.dpcl_weight, 0);
  if (weight <= capacity.maxKg && count <= capacity.maxPieces) return null;
  return `A ${vehicle.toLowerCase()} carries at most ${kg(capacity.maxKg)} in ${pieces(capacity.maxPieces)}; this consignment is ${kg(weight)} in ${pieces(count)}`;
}
