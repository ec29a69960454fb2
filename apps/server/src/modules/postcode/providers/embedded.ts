import { ADDRESS_SEARCH_MAX, type AddressResult } from '@courier/contracts';
import { toOutcode } from 'postcode';
import type { GeoIndex } from '../../../lib/geo';
import { splitOpenAddress } from '../open-address';
import {
  addressResult,
  compactPostcode,
  hasWords,
  haystackOf,
  wordsOf,
  type SearchQuery,
} from '../address-search';
import type { AddressProvider } from './provider';

/** The open-data addresses with their search text, indexed by post code, outcode and word. */
export interface OpenDataIndex {
  results: AddressResult[];
  haystacks: string[];
  byPostcode: Map<string, number[]>;
  byOutcode: Map<string, number[]>;
  byWord: Map<string, number[]>;
}

const push = (map: Map<string, number[]>, key: string, i: number) => {
  const list = map.get(key);
  if (!list) map.set(key, [i]);
  else if (list[list.length - 1] !== i) list.push(i);
};

const indexes = new WeakMap<GeoIndex, OpenDataIndex>();

/** The open UK addresses of `geo` (apps/server/data), split into fields and indexed once per GeoIndex. */
export function openDataIndex(geo: GeoIndex): OpenDataIndex {
  let index = indexes.get(geo);
  if (index) return index;
  index = { results: [], haystacks: [], byPostcode: new Map(), byOutcode: new Map(), byWord: new Map() };
  for (const a of geo.addresses) {
    const p = splitOpenAddress(a);
    const [dwelling = '', ...rest] = p.build.split(', ');
    const r = addressResult({
      organisation: p.company,
      dwelling,
      subdwelling: rest.join(', '),
      street: p.street,
      locality: p.locality,
      town: p.town,
      county: p.county,
      postcode: p.postcode,
      latitude: p.latitude,
      longitude: p.longitude,
      source: 'open-data',
    });
    const i = index.results.push(r) - 1;
    const haystack = haystackOf(r);
    index.haystacks.push(haystack);
    push(index.byPostcode, compactPostcode(r.postcode), i);
    const outcode = toOutcode(r.postcode);
    if (outcode) push(index.byOutcode, outcode, i);
    for (const w of new Set(wordsOf(haystack))) push(index.byWord, w, i);
  }
  indexes.set(geo, index);
  return index;
}

/**
 * The embedded provider: the open UK address data in the repo (real GP-practice addresses), found
 * by post code, by outcode and post code start, or by words, from maps built once at start-up.
 */
export class EmbeddedAddressProvider implements AddressProvider {
  readonly name = 'open-data';
  readonly fullPostcodeOnly = false;
  private readonly index: OpenDataIndex;

  constructor(geo: GeoIndex) {
    this.index = openDataIndex(geo);
  }

  /** Indexes of the candidates of a query, before the word filter. */
  private candidates(q: SearchQuery): number[] {
    const { byPostcode, byOutcode, byWord, results } = this.index;
    switch (q.kind) {
      case 'postcode':
        return byPostcode.get(q.compact) ?? [];
      case 'outcode':
        return (byOutcode.get(q.outcode) ?? []).filter((i) =>
          compactPostcode(results[i]!.postcode).startsWith(q.compact),
        );
      case 'text': {
        // The words of the data that contain the longest query word; the filter checks the others.
        const longest = q.words.reduce((a, b) => (b.length > a.length ? b : a), '');
        const found = new Set<number>();
        for (const [word, ids] of byWord) if (word.includes(longest)) for (const i of ids) found.add(i);
        return [...found].sort((a, b) => a - b);
      }
      case 'empty':
        return [];
    }
  }

  search(q: SearchQuery): Promise<AddressResult[]> {
    const out: AddressResult[] = [];
    for (const i of this.candidates(q)) {
      if (out.length >= ADDRESS_SEARCH_MAX) break;
      if (hasWords(this.index.haystacks[i]!, q.words)) out.push(this.index.results[i]!);
    }
    return Promise.resolve(out);
  }
}
