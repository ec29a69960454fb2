import { describe, expect, it } from 'vitest';
import { GeoIndex, greatCircleMiles, ROAD_FACTOR, roadMiles } from './geo';

const geo = GeoIndex.load();

describe('GeoIndex', () => {
  it('places a postcode at its sector centroid', () => {
    const p = geo.locate('sw1a1aa');
    expect(p).toMatchObject({ postcode: 'SW1A 1AA', precision: 'sector' });
    expect(p!.lat).toBeCloseTo(51.505, 2);
  });
  it('falls back to the outcode when the sector is unknown', () => {
    // SW1A 9 is not a sector in the data, SW1A is an outcode.
    const p = geo.locate('SW1A 9ZZ');
    expect(p?.precision).toBe('outcode');
  });
  it('returns null for malformed and unknown postcodes', () => {
    expect(geo.locate('NOT A CODE')).toBeNull();
    expect(geo.locate('ZZ99 9ZZ')).toBeNull();
  });
});

describe('distances', () => {
  it('prices M1 1AE to SW1A 1AA on about 195 road miles', () => {
    const a = geo.locate('M1 1AE')!;
    const b = geo.locate('SW1A 1AA')!;
    expect(greatCircleMiles(a, b)).toBeGreaterThan(160);
    expect(greatCircleMiles(a, b)).toBeLessThan(165);
    expect(roadMiles(a, b)).toBeGreaterThan(193);
    expect(roadMiles(a, b)).toBeLessThan(197);
    expect(ROAD_FACTOR).toBe(1.2);
  });
  it('is zero between the same point', () => {
    const a = geo.locate('M1 1AE')!;
    expect(roadMiles(a, a)).toBe(0);
  });
});
