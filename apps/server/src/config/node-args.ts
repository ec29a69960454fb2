/**
 * The Node flags the built server runs with (`npm run serve` writes the same in package.json; the
 * benchmarks and the end-to-end tests spawn it with these):
 * - `--enable-source-maps`: stack traces name our `.ts` files;
 * - `--max-semi-space-size=16` (MB): V8's young generation capped below its default, which let the
 *   heap grow to 447 MB at the peak of bench:soak (200 req/s) against the 400 MB budget; with 16 MB,
 *   233 MB after start and 380 MB at the peak, the same throughput and no error (issue 15 §1);
 * - `--max-old-space-size=192` (MB): V8's old generation capped. Uncapped, V8 let it grow as it saw
 *   fit, not as the server needed: RSS climbed all through a 10-minute bench:soak, 300 → 523 and
 *   542 MB, no error. It is not a leak: capped at 160 MB the same load held 240-250 MB for 4
 *   minutes with p99 28.7 ms. 192 leaves room for what one request may hold (an export streams its
 *   rows, so none holds a whole list). Flags given here win over NODE_OPTIONS.
 * The documents' worker thread (documents/render: labels, reports, PDF exports) inherits them: its
 * heap has the same caps, beside the server's. In bench:soak it added about 30 MB at the peak.
 */
export const SERVER_NODE_ARGS = [
  '--enable-source-maps',
  '--max-semi-space-size=16',
  '--max-old-space-size=192',
];
