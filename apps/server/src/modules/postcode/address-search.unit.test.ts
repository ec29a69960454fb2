import { describe, expect, it } from 'vitest';
import type { AddressResult } from '@courier/contracts';
import type { PostcodePlace } from '../../lib/geo';
import { addressResult, asTextSearch, combineResults, hasWords, parseQuery, wordsOf } from './address-search';

describe('parseQuery (spec "access…" §7 Postcode)', () => {
  it('searches a valid post code by its normalised form, filtered by address words only', () => {
    const q = parseQuery({ postcode: ' ts181hu ', organisation: 'The Densham', town: 'Stockton' });
    expect(q).toMatchObject({
      kind: 'postcode',
      normalised: 'TS18 1HU',
      compact: 'TS181HU',
      outcode: 'TS18',
    });
    expect(q.words).toEqual(['densham']);
  });
  it('drops the town when the post code starts with it', () => {
    expect(parseQuery({ postcode: 'M1 1AE', town: 'M1' }).fields.town).toBe('');
    expect(parseQuery({ postcode: 'TS18', town: 'ts 18' }).fields.town).toBe('');
    expect(parseQuery({ postcode: 'TS18', town: 'Stockton' }).fields.town).toBe('Stockton');
  });
  it('searches the start of a post code by outcode, with town and county as words', () => {
    expect(parseQuery({ postcode: 'TS18', town: 'Stockton' })).toMatchObject({
      kind: 'outcode',
      outcode: 'TS18',
      compact: 'TS18',
      words: ['stockton'],
    });
    expect(parseQuery({ postcode: 'ts18 1h' })).toMatchObject({
      kind: 'outcode',
      outcode: 'TS18',
      compact: 'TS181H',
    });
    expect(parseQuery({ postcode: 'TS181' })).toMatchObject({
      kind: 'outcode',
      outcode: 'TS18',
      compact: 'TS181',
    });
    expect(parseQuery({ postcode: 'SW1A' })).toMatchObject({ kind: 'outcode', outcode: 'SW1A' });
  });
  it('treats anything else as no post code: words alone, or nothing', () => {
    expect(parseQuery({ postcode: 'NOT A CODE' }).kind).toBe('empty');
    expect(parseQuery({ postcode: 'TS18 XYZ' }).kind).toBe('empty');
    expect(parseQuery({ organisation: "Doc's Surgery", county: 'Kent' })).toMatchObject({
      kind: 'text',
      words: ['doc', 's', 'surgery', 'kent'],
    });
    expect(parseQuery({}).kind).toBe('empty');
    expect(parseQuery({ country: 'United Kingdom' }).kind).toBe('empty');
  });
  it('turns a post code search into a word search for the fallback', () => {
    const q = parseQuery({ postcode: 'ZZ99 9ZZ', organisation: 'Densham', town: 'Stockton' });
    expect(asTextSearch(q)).toMatchObject({ kind: 'text', words: ['densham', 'stockton'], compact: '' });
    expect(asTextSearch(parseQuery({ postcode: 'ZZ99 9ZZ' }))).toBeUndefined();
  });
});

describe('words', () => {
  it('splits on anything but letters and digits and drops stop words', () => {
    expect(wordsOf('The Health-Centre, 2nd Floor & Co')).toEqual(['health', 'centre', '2nd', 'floor', 'co']);
  });
  it('matches case-insensitive substrings, all words', () => {
    expect(hasWords('the densham surgery lawson street', ['dens', 'law'])).toBe(true);
    expect(hasWords('the densham surgery', ['densham', 'dovecot'])).toBe(false);
  });
});

describe('results', () => {
  const r = (organisation: string, postcode = 'TS18 1HU', source = 'open-data'): AddressResult =>
    addressResult({ organisation, street: 'Lawson Street', postcode, source });
  const place: PostcodePlace = {
    postcode: 'TS18 1HU',
    town: 'Stockton-On-Tees',
    county: 'Stockton-on-Tees',
    country: 'England',
    lat: 54.5,
    lon: -1.3,
    precision: 'sector',
  };

  it('joins dwelling and sub-dwelling into building and defaults the country', () => {
    expect(addressResult({ dwelling: 'Example House', subdwelling: 'Flat 1', source: 'x' })).toMatchObject({
      building: 'Example House, Flat 1',
      country: 'United Kingdom',
      latitude: null,
    });
  });
  it('keeps the first of duplicates (case and punctuation ignored) and puts the post code last', () => {
    const out = combineResults(
      [
        r('The Densham Surgery', 'TS18 1HU', 'addressbook'),
        r('THE DENSHAM SURGERY.', 'ts181hu'),
        r('Dovecot'),
      ],
      place,
    );
    expect(out.map((a) => [a.organisation, a.source])).toEqual([
      ['The Densham Surgery', 'addressbook'],
      ['Dovecot', 'open-data'],
      ['', 'postcode'],
    ]);
    expect(out[2]).toMatchObject({ town: 'Stockton-On-Tees', county: 'Stockton-on-Tees', latitude: 54.5 });
  });
  it('answers at most 100, the post code entry included', () => {
    const many = Array.from({ length: 150 }, (_, i) => r(`Surgery ${i}`));
    expect(combineResults(many, null)).toHaveLength(100);
    const withPlace = combineResults(many, place);
    expect(withPlace).toHaveLength(100);
    expect(withPlace[99]!.source).toBe('postcode');
  });
});
