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

/** One line of how a price is made, in pence. */
export interface PricePart {
  kind: 'base' | 'distance' | 'parcels' | 'vat' | 'total' | 'hold';
  label: string;
  pence: number;
}

const poundsText = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** The rates a price's lines are shown from: the tariff's, the pieces priced and the hold margin (%). */
export interface LineRates {
  ttyp_base_pence: number;
  ttyp_per_mile_pence: number;
  ttyp_extra_parcel_pence: number;
  pieces: number;
  holdMarginPercent: number;
}

/**
 * How a price made by priceJob is made, as lines that add up (issue 11 §1: shown under each
 * tariff): base, distance × rate per mile, extra parcels × their charge, VAT at 20 %, the total
 * and the card hold (total + holdMarginPercent). Pence; base + distance + parcels = net, net + VAT
 * = total. The distance line takes the net's rounding, so the lines always sum to `price`, which
 * is taken as given (a frozen price is shown, never priced again).
 */
export function priceLines(rates: LineRates, miles: number, price: PricePence): PricePart[] {
  const extraPieces = Math.max(0, rates.pieces - 1);
  const parcelsPence = rates.ttyp_extra_parcel_pence * extraPieces;
  const margin = rates.holdMarginPercent;
  const parts: PricePart[] = [
    { kind: 'base', label: 'Base charge', pence: rates.ttyp_base_pence },
    {
      kind: 'distance',
      label: `${miles} miles × ${poundsText(rates.ttyp_per_mile_pence)} a mile`,
      pence: price.net - rates.ttyp_base_pence - parcelsPence,
    },
  ];
  if (extraPieces > 0)
    parts.push({
      kind: 'parcels',
      label: `${extraPieces} extra parcel${extraPieces === 1 ? '' : 's'} × ${poundsText(rates.ttyp_extra_parcel_pence)}`,
      pence: parcelsPence,
    });
  parts.push(
    { kind: 'vat', label: `VAT at ${VAT_RATE * 100} %`, pence: price.vat },
    { kind: 'total', label: 'Total', pence: price.total },
    {
      kind: 'hold',
      label: margin ? `Card hold (total + ${margin} %)` : 'Card hold (the total)',
      pence: price.hold,
    },
  );
  return parts;
}
