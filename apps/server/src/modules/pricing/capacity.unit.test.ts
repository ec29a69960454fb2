import { describe, expect, it } from 'vitest';
import { capacityOf, DEFAULT_CAPACITY, overCapacity } from './capacity';

describe('vehicle capacity', () => {
  it('has a capacity for every vehicle id 1–11, growing from bicycle to hgv', () => {
    expect(Object.keys(DEFAULT_CAPACITY).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(DEFAULT_CAPACITY[1]!.maxKg).toBeLessThan(DEFAULT_CAPACITY[4]!.maxKg);
    expect(DEFAULT_CAPACITY[4]!.maxKg).toBeLessThan(DEFAULT_CAPACITY[8]!.maxKg);
  });

  it('takes a well-formed Capacity.{id} setting over the default', () => {
    expect(capacityOf(4, { 'Capacity.4': '350, 25' })).toEqual({ maxKg: 350, maxPieces: 25 });
    expect(capacityOf(4, { 'Capacity.4': 'lots' })).toEqual(DEFAULT_CAPACITY[4]);
    expect(capacityOf(99, {})).toBeUndefined();
  });

  it('names the limit and the consignment when it does not fit', () => {
    const car = { maxKg: 200, maxPieces: 30 };
    expect(overCapacity('Car', car, [{ dpcl_quantity: 2, dpcl_weight: 50 }])).toBeNull();
    expect(overCapacity('Car', car, [{ dpcl_quantity: 50, dpcl_weight: 30000 }])).toBe(
      'A car carries at most 200 kg in 30 pieces; this consignment is 1,500,000 kg in 50 pieces',
    );
    expect(overCapacity('Car', car, [{ dpcl_quantity: 31, dpcl_weight: 0.5 }])).toMatch(
      /15\.5 kg in 31 pieces$/,
    );
  });
});
