import { OPEN_DATA_DIR } from '../config/paths';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { isValid, toNormalised, toOutcode, toSector } from 'postcode';

/** Road distance is longer than the great circle; 1.2 is the usual UK detour factor. */
export const ROAD_FACTOR = 1.2;
/** Mean Earth radius in statute miles. */
export const EARTH_RADIUS_MILES = 3958.8;

export interface Point {
  lat: number;
  lon: number;
}

/** Where a postcode sits and how precisely we know it. */
export interface PostcodePlace extends Point {
  postcode: string;
  precision: 'sector' | 'outcode';
  town: string;
  county: string;
  country: string;
}

/** Great-circle distance between two points, in miles. */
export function greatCircleMiles(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Estimated road miles between two points: great circle × ROAD_FACTOR. */
export const roadMiles = (a: Point, b: Point): number => greatCircleMiles(a, b) * ROAD_FACTOR;

interface OutcodeRow {
  lat: number;
  lon: number;
  town: string;
  county: string;
  country: string;
}

/** A real UK address from the open GP-practice data (see apps/server/data/README.md). */
export interface OpenAddress {
  name: string;
  lines: string[];
  postcode: string;
  lat: number;
  lon: number;
}

const DATA_DIR = OPEN_DATA_DIR;

/** Title Case for the upper-case open data ('STOCKTON ON TEES' → 'Stockton On Tees'). */
export const titleCase = (s: string): string =>
  s.toLowerCase().replace(/(^|[\s\-'(/])([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase());

/**
 * Postcode centroids (sector, outcode fallback) and the open address list, loaded once.
 * `locate` returns null for a postcode that is malformed or not in the data.
 */
export class GeoIndex {
  private constructor(
    private readonly sectors: Map<string, Point>,
    private readonly outcodes: Map<string, OutcodeRow>,
    readonly addresses: OpenAddress[],
  ) {}

  static load(dir = DATA_DIR): GeoIndex {
    const read = (f: string) =>
      parse(readFileSync(resolve(dir, f)), { columns: true, skip_empty_lines: true }) as Record<
        string,
        string
      >[];
    const sectors = new Map<string, Point>();
    for (const r of read('uk_sector_centroids.csv')) {
      if (r.latitude && r.longitude && r.sector)
        sectors.set(r.sector, { lat: Number(r.latitude), lon: Number(r.longitude) });
    }
    const outcodes = new Map<string, OutcodeRow>();
    for (const r of read('uk_outcode_centroids.csv')) {
      if (!r.latitude || !r.longitude || !r.outcode) continue;
      outcodes.set(r.outcode, {
        lat: Number(r.latitude),
        lon: Number(r.longitude),
        town: titleCase(r.town_hint_gibbs2017 || r.admin_district || ''),
        county: r.admin_district ?? '',
        country: r.country ?? '',
      });
    }
    const addresses: OpenAddress[] = [];
    for (const r of read('uk_addresses_nhs_gp_practices.csv')) {
      if (r.postcode_live_gb !== 'Y' || !r.latitude || !r.postcode) continue;
      const lines = [r.address_line_1, r.address_line_2, r.address_line_3, r.address_line_4, r.address_line_5]
        .map((l) => (l ?? '').trim())
        .filter(Boolean);
      addresses.push({
        name: r.name ?? '',
        lines,
        postcode: r.postcode,
        lat: Number(r.latitude),
        lon: Number(r.longitude),
      });
    }
    return new GeoIndex(sectors, outcodes, addresses);
  }

  /** The place of a UK postcode: its sector centroid, else its outcode's; null when unknown. */
  locate(raw: string): PostcodePlace | null {
    if (!isValid(raw)) return null;
    const postcode = toNormalised(raw)!;
    const outcode = this.outcodes.get(toOutcode(postcode)!);
    if (!outcode) return null;
    const sector = this.sectors.get(toSector(postcode)!);
    const base = { postcode, town: outcode.town, county: outcode.county, country: outcode.country };
    return sector
      ? { ...base, ...sector, precision: 'sector' }
      : { ...base, lat: outcode.lat, lon: outcode.lon, precision: 'outcode' };
  }
}
