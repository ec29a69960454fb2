import { describe, expect, it } from 'vitest';
import { priceJob, priceLines, travelMinutes, VAT_RATE } from './pricing.service';

/** priceJob with its lines, as a quote freezes and shows them. */
const priceParts = (t: typeof car, miles: number, pieces: number, holdMarginPercent = 0) => {
  const price = priceJob(t, miles, pieces, holdMarginPercent);
  return { price, parts: priceLines({ ...t, pieces, holdMarginPercent }, miles, price) };
};

const car = {
  ttyp_base_pence: 1200,
  ttyp_per_mile_pence: 95,
  ttyp_extra_parcel_pence: 100,
  ttyp_speed_mph: 30,
};

describe('priceJob', () => {
  it('charges base plus miles, then 20 % VAT, in whole pence', () => {
    const p = priceJob(car, 10, 1);
    expect(p.net).toBe(1200 + 950);
    expect(p.vat).toBe(430);
    expect(p.total).toBe(2580);
    expect(VAT_RATE).toBe(0.2);
  });
  it('charges each piece after the first', () => {
    expect(priceJob(car, 0, 4).net).toBe(1200 + 3 * 100);
  });
  it('rounds fractional miles to the penny', () => {
    expect(priceJob(car, 195.11, 1).net).toBe(Math.round(1200 + 95 * 195.11));
  });
  it('adds the hold margin to the total for the card hold', () => {
    const p = priceJob(car, 10, 1, 10);
    expect(p.hold).toBe(Math.round(2580 * 1.1));
    expect(priceJob(car, 10, 1).hold).toBe(2580);
  });
});

describe('travelMinutes', () => {
  it('is miles over speed in minutes', () => {
    expect(travelMinutes(60, 30)).toBe(120);
    expect(travelMinutes(10, 0)).toBe(0);
  });
});

describe('priceLines', () => {
  it('shows base, distance × rate, extra parcels, VAT, total and hold, adding up to the price', () => {
    const { price, parts } = priceParts(car, 195.11, 3, 10);
    const by = Object.fromEntries(parts.map((p) => [p.kind, p.pence]));
    expect(by.base! + by.distance! + by.parcels!).toBe(price.net);
    expect(price.net + by.vat!).toBe(by.total);
    expect(by.hold).toBe(Math.round(price.total * 1.1));
    expect(parts.map((p) => p.label)).toEqual([
      'Base charge',
      '195.11 miles × £0.95 a mile',
      '2 extra parcels × £1.00',
      'VAT at 20 %',
      'Total',
      'Card hold (total + 10 %)',
    ]);
  });
  it('leaves out the parcels line for one piece', () => {
    expect(priceParts(car, 1, 1).parts.map((p) => p.kind)).toEqual([
      'base',
      'distance',
      'vat',
      'total',
      'hold',
    ]);
  });
});
