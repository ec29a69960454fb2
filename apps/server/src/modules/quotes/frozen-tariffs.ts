import { priceLines, type LineRates, type PricePart } from '../pricing/pricing.service';

/**
 * One tariff priced for a quote, frozen (issue 11 §1): its price in pence, the route's miles and
 * whole minutes, and the rates its price lines are shown from (null when it has no lines: a
 * booking screen's card payment). `parts` is only set on a quote stored in the first form, which
 * kept its lines as text.
 */
export interface FrozenTariff {
  ttyp_tariff: number;
  ttyp_description: string;
  net: number;
  vat: number;
  total: number;
  hold: number;
  miles: number;
  minutes: number;
  rates: LineRates | null;
  parts?: PricePart[];
}

/**
 * How a frozen tariff is kept in quote_tariffs: tariff id, description, net, VAT, total, hold
 * (pence), miles, minutes, then base, per mile, extra parcel (pence), pieces and hold margin (%),
 * those five null when it has no lines. About 70 bytes where the lines as text took 450: every
 * guest quote stores eleven of them (bench:alltariffs).
 */
export type StoredTariff = [
  number,
  string,
  number,
  number,
  number,
  number,
  number,
  number,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
];

/** The first stored form: the tariff with its lines as text (quotes stored before the compact form). */
type FirstForm = Omit<FrozenTariff, 'rates'> & { parts: PricePart[] };

/** quote_tariffs as stored from `tariffs` (see StoredTariff); a first-form tariff stays as it was. */
export function packTariffs(tariffs: readonly FrozenTariff[]): (StoredTariff | FirstForm)[] {
  return tariffs.map((t) => {
    if (!t.rates && t.parts?.length) return { ...t, parts: t.parts };
    const r = t.rates;
    return [
      t.ttyp_tariff,
      t.ttyp_description,
      t.net,
      t.vat,
      t.total,
      t.hold,
      t.miles,
      t.minutes,
      r ? r.ttyp_base_pence : null,
      r ? r.ttyp_per_mile_pence : null,
      r ? r.ttyp_extra_parcel_pence : null,
      r ? r.pieces : null,
      r ? r.holdMarginPercent : null,
    ];
  });
}

/** The frozen tariffs of a quote_tariffs value, in either stored form (packTariffs). */
export function unpackTariffs(stored: unknown): FrozenTariff[] {
  return (stored as (StoredTariff | FirstForm)[]).map((s) => {
    if (!Array.isArray(s)) return { ...s, rates: null };
    const [ttyp_tariff, ttyp_description, net, vat, total, hold, miles, minutes, base, perMile, extra] = s;
    return {
      ttyp_tariff,
      ttyp_description,
      net,
      vat,
      total,
      hold,
      miles,
      minutes,
      rates:
        base === null
          ? null
          : {
              ttyp_base_pence: base,
              ttyp_per_mile_pence: perMile!,
              ttyp_extra_parcel_pence: extra!,
              pieces: s[11]!,
              holdMarginPercent: s[12]!,
            },
    };
  });
}

/** The lines of a frozen tariff: its first-form lines, else rebuilt from its rates and frozen price. */
export const linesOf = (t: FrozenTariff): PricePart[] =>
  t.parts ?? (t.rates ? priceLines(t.rates, t.miles, t) : []);
