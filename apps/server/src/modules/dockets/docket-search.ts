/**
 * How the booking list's search text (spec "bookings…" §2, the list's Search box) reaches the trigram
 * index on `dck_search` (issue 15 §1, rare terms at 1,000,000 dockets).
 *
 * `dck_search like '%term%'` is one GIN scan key holding all of the term's trigrams, and PostgreSQL
 * reads every one of them in full for each candidate of the rarest: for 'po76801' that is the
 * 111,000 entries of 'po7' to find 9 rows (1.5-2 ms). One condition per trigram, rarest first, makes
 * them separate keys that skip ahead of each other (0.7 ms); the whole term is then checked on the
 * rows. A term that is common, as the planner sees it (found in the column's statistics sample),
 * keeps the single condition: there the planner reads the newest dockets in order instead.
 */

/** At most this many trigram conditions: the rarest ones decide, more only cost planning. */
export const MAX_SEARCH_KEYS = 5;

/** A trigram found in more than this share of the sample narrows nothing worth its scan. */
const COMMON_SHARE = 0.25;

/**
 * The trigrams (three lower-case letters or digits) to search `term` by, rarest first by their
 * count in `samples` (values of `dck_search`, the planner's statistics), the term's later trigrams
 * first among equals; at most MAX_SEARCH_KEYS, and those in over a quarter of the samples left out
 * (the rarest is always kept). Null when the term should stay one condition: it occurs in a sample
 * (a common term), or it holds no such trigram (fewer than three letters or digits in a row), or
 * there is no sample to judge by (null: the table not yet analysed, or pg_stats unreadable).
 * @param term the search text, lower-cased, as typed (no LIKE escapes)
 */
export function searchTrigrams(term: string, samples: readonly string[] | null): string[] | null {
  if (!samples || samples.some((s) => s.includes(term))) return null;
  const trigrams: { t: string; at: number; n: number }[] = [];
  for (let at = term.length - 3; at >= 0; at--) {
    const t = term.slice(at, at + 3);
    if (!/^[a-z0-9]{3}$/.test(t) || trigrams.some((x) => x.t === t)) continue;
    trigrams.push({ t, at, n: samples.reduce((n, s) => n + (s.includes(t) ? 1 : 0), 0) });
  }
  if (trigrams.length === 0) return null;
  trigrams.sort((a, b) => a.n - b.n || b.at - a.at);
  const limit = samples.length * COMMON_SHARE;
  return trigrams
    .filter((x, i) => i === 0 || x.n <= limit)
    .slice(0, MAX_SEARCH_KEYS)
    .map((x) => x.t);
}
