/** UK VAT on courier services. */
export const VAT_RATE = 0.2;

/** The priced parts of a tariff (tariff_types row), in pence and mph. */
export interface TariffRates {
  ttyp_base_pence: number;
  ttyp_per_mile_pence: number;
  ttyp_extra_parcel_pence: number;
  ttyp_speed_mph: number;
}

/** A price in pence: net, VAT, total (net + VAT) and the card hold. */
export interface PricePence {
  net: number;
  vat: number;
  total: number;
  hold: number;
}

/**
 * Price of a job (spec "bookings…" Pricing: total, hold, netvat):
 * base + rate per mile × miles + extra parcel charge × (pieces − 1), then VAT at 20 %.
 * The hold is the total plus `holdMarginPercent` (spec "access…" §9), rounded to the penny.
 */
export function priceJob(
  tariff: TariffRates,
  miles: number,
  pieces: number,
  holdMarginPercent = 0,
): PricePence {
  const extraPieces = Math.max(0, pieces - 1);
  const net = Math.round(
    tariff.ttyp_base_pence +
      tariff.ttyp_per_mile_pence * miles +
      tariff.ttyp_extra_parcel_pence * extraPieces,
  );
  const vat = Math.round(net * VAT_RATE);
  const total = net + vat;
  const hold = Math.round(total * (1 + holdMarginPercent / 100));
  return { net, vat, total, hold };
}

/** Driving time in whole minutes at the vehicle's average speed. */
export const travelMinutes = (miles: number, speedMph: number): number =>
  speedMph > 0 ? Math.round((miles / speedMph) * 60) : 0;
