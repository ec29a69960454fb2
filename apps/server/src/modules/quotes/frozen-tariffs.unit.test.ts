import { describe, expect, it } from 'vitest';
import { priceJob, priceLines } from '../pricing/pricing.service';
import { linesOf, packTariffs, unpackTariffs, type FrozenTariff } from './frozen-tariffs';

const van = { ttyp_base_pence: 2500, ttyp_per_mile_pence: 135, ttyp_extra_parcel_pence: 150 };
const rates = { ...van, pieces: 3, holdMarginPercent: 10 };

/** A van priced for 195.11 miles and three pieces, as quote/alltariffs/list freezes it. */
const frozen: FrozenTariff = {
  ttyp_tariff: 4,
  ttyp_description: 'Small Van',
  ...priceJob({ ...van, ttyp_speed_mph: 40 }, 195.11, 3, 10),
  miles: 195.11,
  minutes: 293,
  rates,
};

/** What a stored quote_tariffs value reads as after a round trip through jsonb (JSON). */
const throughJson = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('frozen tariffs (quote_tariffs)', () => {
  it('keeps a tariff compactly and reads back the same price, route and lines', () => {
    const stored = throughJson(packTariffs([frozen]));
    expect(JSON.stringify(stored).length).toBeLessThan(100);
    const [back] = unpackTariffs(stored);
    expect(back).toEqual(frozen);
    expect(linesOf(back!)).toEqual(priceLines(rates, 195.11, frozen));
    expect(linesOf(back!).map((l) => l.label)).toEqual([
      'Base charge',
      '195.11 miles × £1.35 a mile',
      '2 extra parcels × £1.50',
      'VAT at 20 %',
      'Total',
      'Card hold (total + 10 %)',
    ]);
  });

  it('shows the frozen price, not one priced again from the rates', () => {
    const [back] = unpackTariffs(throughJson(packTariffs([{ ...frozen, total: 1, hold: 2 }])));
    const by = Object.fromEntries(linesOf(back!).map((l) => [l.kind, l.pence]));
    expect([by.total, by.hold]).toEqual([1, 2]);
  });

  it('gives no lines to a tariff frozen without rates (a booking screen card payment)', () => {
    const [back] = unpackTariffs(throughJson(packTariffs([{ ...frozen, rates: null }])));
    expect(back!.rates).toBeNull();
    expect(back!.hold).toBe(frozen.hold);
    expect(linesOf(back!)).toEqual([]);
  });

  it('reads a quote stored in the first form, with its lines as text', () => {
    const parts = [{ kind: 'base' as const, label: 'Base charge', pence: 2500 }];
    const firstForm: Record<string, unknown> = { ...frozen, parts };
    delete firstForm.rates;
    const [back] = unpackTariffs(throughJson([firstForm]));
    expect(back!.total).toBe(frozen.total);
    expect(linesOf(back!)).toEqual(parts);
    // Written again, it stays in its own form.
    expect(unpackTariffs(throughJson(packTariffs([back!])))).toEqual([back]);
  });
});
