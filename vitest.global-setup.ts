/**
 * Runs once in the Vitest process, before any project: says which Node runs the tests, and which
 * suites will not run for want of a service (CI sets every variable, so there nothing is left out).
 */
export default function setup(): void {
  console.log(`Vitest on Node ${process.version}`);
  const missing = [
    !process.env.TEST_REDIS_URL && 'rate limits shared through Redis (set TEST_REDIS_URL)',
  ].filter(Boolean);
  if (missing.length) console.log(`Not run here: ${missing.join('; ')}`);
  if (!process.env.TEST_DATABASE_URL)
    console.log('Server suites run on an embedded PostgreSQL (TEST_DATABASE_URL names another server)');
}
