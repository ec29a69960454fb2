import { isValid, toNormalised, toOutcode, validOutcode } from 'postcode';
import { ADDRESS_SEARCH_MAX, type AddressQueryInput, type AddressResult } from '@courier/contracts';
import type { PostcodePlace } from '../../lib/geo';

/**
 * Pure parts of the address search of spec "access…" §7 Postcode: reading the query, matching
 * words, de-duplicating and capping the results.
 */

/** How a search finds its candidates: by full post code, by outcode (a partial post code), by words. */
export type SearchKind = 'postcode' | 'outcode' | 'text' | 'empty';

/** A parsed search. Text is trimmed; fields not given are ''. */
export interface SearchQuery {
  kind: SearchKind;
  fields: Required<Record<keyof AddressQueryInput, string>>;
  /** 'SW1A 1AA' for a full post code, else ''. */
  normalised: string;
  /** Upper case without spaces: the whole post code, or the start of it for an outcode search. */
  compact: string;
  /** Outcode of a postcode or outcode search. */
  outcode: string;
  /** Lower-case words every result must contain (organisation, building, street, locality; town and county unless by post code). */
  words: string[];
}

/** Words too common to narrow a search. */
const STOP_WORDS = new Set(['the', 'and', 'of']);

/** Lower-case words of a text: letters and digits only ('Doc's Surgery' → doc, s, surgery). */
export const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !STOP_WORDS.has(w));

/** Upper case, no spaces. */
export const compactPostcode = (s: string): string => s.replace(/\s+/g, '').toUpperCase();

/**
 * The outcode and the compact start of a partial post code ('TS18', 'TS18 1', 'ts181h'), or
 * undefined when it cannot be the start of a UK post code.
 */
function partialPostcode(raw: string): { outcode: string; compact: string } | undefined {
  const compact = compactPostcode(raw);
  const firstToken = raw.trim().split(/\s+/)[0]!.toUpperCase();
  let outcode: string | undefined;
  if (/\s/.test(raw.trim())) outcode = firstToken;
  else if (validOutcode(compact)) outcode = compact;
  else outcode = /^(.+?)\d[A-Z]{0,2}$/.exec(compact)?.[1];
  if (!outcode || !validOutcode(outcode)) return undefined;
  const incode = compact.slice(outcode.length);
  return /^(\d[A-Z]{0,2})?$/.test(incode) ? { outcode, compact } : undefined;
}

/**
 * Reads a search (spec "access…" §7 Postcode): the town is dropped when the post code starts with
 * it (the client's rule, repeated here); a valid post code searches by post code, the start of one
 * by outcode, anything else by the words given. With a full post code the town and county do not
 * filter (the post code places the address); otherwise they do.
 */
export function parseQuery(input: AddressQueryInput): SearchQuery {
  const f = {
    organisation: input.organisation?.trim() ?? '',
    building: input.building?.trim() ?? '',
    street: input.street?.trim() ?? '',
    locality: input.locality?.trim() ?? '',
    town: input.town?.trim() ?? '',
    county: input.county?.trim() ?? '',
    country: input.country?.trim() ?? '',
    postcode: input.postcode?.trim() ?? '',
  };
  if (f.town && f.postcode && compactPostcode(f.postcode).startsWith(compactPostcode(f.town))) f.town = '';
  const addressWords = wordsOf([f.organisation, f.building, f.street, f.locality].join(' '));
  const placeWords = wordsOf([f.town, f.county].join(' '));
  const base = { fields: f, normalised: '', compact: '', outcode: '' };
  if (f.postcode && isValid(f.postcode)) {
    const normalised = toNormalised(f.postcode)!;
    return {
      ...base,
      kind: 'postcode',
      normalised,
      compact: compactPostcode(normalised),
      outcode: toOutcode(normalised)!,
      words: addressWords,
    };
  }
  const words = [...addressWords, ...placeWords];
  if (f.postcode) {
    const partial = partialPostcode(f.postcode);
    return partial ? { ...base, kind: 'outcode', ...partial, words } : { ...base, kind: 'empty', words };
  }
  return { ...base, kind: words.length ? 'text' : 'empty', words };
}

/**
 * The search by words alone, used when a post code finds nothing: words (town and county too)
 * may still find the address. Undefined when there are no words.
 */
export function asTextSearch(q: SearchQuery): SearchQuery | undefined {
  const words = wordsOf(
    [
      q.fields.organisation,
      q.fields.building,
      q.fields.street,
      q.fields.locality,
      q.fields.town,
      q.fields.county,
    ].join(' '),
  );
  return words.length ? { ...q, kind: 'text', normalised: '', compact: '', outcode: '', words } : undefined;
}

/** The searchable text of a result: lower case organisation, building, street, locality, town, county. */
export const haystackOf = (r: AddressResult): string =>
  [r.organisation, r.building, r.street, r.locality, r.town, r.county].join(' ').toLowerCase();

/** True when the text contains every word (case-insensitive substrings). */
export const hasWords = (haystack: string, words: string[]): boolean =>
  words.every((w) => haystack.includes(w));

/** An address result from its parts; building is the dwelling and sub-dwelling joined by a comma. */
export function addressResult(
  parts: Partial<Omit<AddressResult, 'building' | 'source'>> & { source: string },
): AddressResult {
  const dwelling = parts.dwelling?.trim() ?? '';
  const subdwelling = parts.subdwelling?.trim() ?? '';
  return {
    organisation: parts.organisation?.trim() ?? '',
    dwelling,
    subdwelling,
    building: [dwelling, subdwelling].filter(Boolean).join(', '),
    street: parts.street?.trim() ?? '',
    locality: parts.locality?.trim() ?? '',
    town: parts.town?.trim() ?? '',
    county: parts.county?.trim() ?? '',
    country: parts.country?.trim() || 'United Kingdom',
    postcode: parts.postcode?.trim() ?? '',
    latitude: parts.latitude ?? null,
    longitude: parts.longitude ?? null,
    source: parts.source,
  };
}

/** The post code itself: its town, county and centroid (always offered for a real post code). */
export const postcodeResult = (place: PostcodePlace): AddressResult =>
  addressResult({
    town: place.town,
    county: place.county,
    postcode: place.postcode,
    latitude: place.lat,
    longitude: place.lon,
    source: 'postcode',
  });

const keyOf = (r: AddressResult) =>
  [r.organisation, r.building, r.street, compactPostcode(r.postcode)]
    .map((s) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''))
    .join('|');

/**
 * The answer's addresses: the first of each duplicate (same organisation, building, street and
 * post code, ignoring case and punctuation), at most ADDRESS_SEARCH_MAX, the post code itself last.
 */
export function combineResults(results: AddressResult[], place: PostcodePlace | null): AddressResult[] {
  const seen = new Set<string>();
  const out: AddressResult[] = [];
  const room = ADDRESS_SEARCH_MAX - (place ? 1 : 0);
  for (const r of results) {
    if (out.length >= room) break;
    const key = keyOf(r);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  if (place) out.push(postcodeResult(place));
  return out;
}
