import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_KEYS, searchTrigrams } from './docket-search';

const samples = [
  '1000001 po76123 bench contact worcester wr1 2aa leeds ls1 4ap',
  '1000002 po70475 bench contact rochdale ol16 2dn worcester wr2 1es',
  '1000003 po62654 bench contact heath cardiff cf14 3qx peterlee sr8 5up',
  '1000004 po71111 bench contact york yo1 7hh leeds ls2 9jt',
];

describe('searchTrigrams', () => {
  it('keeps a term found in the sample as one condition', () => {
    expect(searchTrigrams('worcester', samples)).toBeNull();
    expect(searchTrigrams('bench', samples)).toBeNull();
  });

  it('orders a rare term by its trigrams, rarest first, later ones first among equals', () => {
    // 'po7' is in three samples, 'o76' in one, '768'/'680'/'801' in none.
    expect(searchTrigrams('po76801', samples)).toEqual(['801', '680', '768', 'o76']);
  });

  it('leaves out trigrams in over a quarter of the sample, but always keeps the rarest', () => {
    expect(searchTrigrams('po7x', samples)).toEqual(['o7x']);
    // Every trigram is in half the samples or more, the term in none: the rarest, latest one stays.
    expect(searchTrigrams('po7 leeds', samples)).toEqual(['eds']);
  });

  it('uses only runs of three letters or digits, each once, and at most MAX_SEARCH_KEYS', () => {
    expect(searchTrigrams('ab-cd', samples)).toBeNull();
    expect(searchTrigrams('%_\\', samples)).toBeNull();
    expect(searchTrigrams('zzzzzz', samples)).toEqual(['zzz']);
    expect(searchTrigrams('qwertyuiop', samples)).toHaveLength(MAX_SEARCH_KEYS);
    expect(searchTrigrams('qx-9z 12k', samples)).toEqual(['12k']);
  });

  it('without a sample to judge by (not yet analysed, or pg_stats unreadable), keeps every term one condition', () => {
    expect(searchTrigrams('po76801', null)).toBeNull();
  });

  it('with no counts to go by, orders by position from the end', () => {
    expect(searchTrigrams('abcde', [])).toEqual(['cde', 'bcd', 'abc']);
  });
});
