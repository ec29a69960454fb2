import { describe, expect, it } from 'vitest';
import { calibratedSlowdown } from './lighthouse-cpu';

describe('calibratedSlowdown', () => {
  it("gives Lighthouse's own slowdowns at its points", () => {
    expect(calibratedSlowdown(150)).toBe(1);
    expect(calibratedSlowdown(800)).toBe(2);
    expect(calibratedSlowdown(1300)).toBe(3);
    expect(calibratedSlowdown(1533)).toBe(4);
    expect(calibratedSlowdown(2000)).toBe(6);
  });

  it('is linear between the points and past the ends', () => {
    expect(calibratedSlowdown(1050)).toBeCloseTo(2.5, 6);
    expect(calibratedSlowdown(2233)).toBeCloseTo(7, 2);
    expect(calibratedSlowdown(100)).toBe(1);
  });

  it('is not a number for a benchmarkIndex Lighthouse did not measure', () => {
    expect(calibratedSlowdown(NaN)).toBeNaN();
    expect(calibratedSlowdown(0)).toBeNaN();
  });
});
