/**
 * The Node flags the built server runs with (`npm run serve` writes the same in package.json; the
 * benchmarks and the end-to-end tests spawn it with these):
 * - `--enable-source-maps`: stack traces name our `.ts` files;
 * - `--max-semi-space-size=16` (MB): V8's young generation capped below its default, which let the
 *   heap grow to 447 MB at the peak of bench:soak (200 req/s) against the 400 MB budget; with 16 MB,
 *   233 MB after start and 380 MB at the peak, the same throughput and no error (issue 15 §1).
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=16'];
