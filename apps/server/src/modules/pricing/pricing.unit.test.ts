import { describe, expect, it } from 'vitest';
import { priceJob, travelMinutes, VAT_RATE } from './pricing.service';

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
