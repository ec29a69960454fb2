import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestApp, post, TENANT_A, type TestApp } from '../test/harness';

const REDIS_URL = process.env.TEST_REDIS_URL;

/** Two server processes behind one load balancer share their login counters through Redis. */
describe.skipIf(!REDIS_URL)('rate limits shared through Redis (TEST_REDIS_URL)', () => {
  let t: TestApp;
  let second: FastifyInstance;
  const clients: Redis[] = [];
  const redis = () => {
    const c = new Redis(REDIS_URL!, { connectTimeout: 500, maxRetriesPerRequest: 1 });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await createTestApp('postgres', { dockets: 0, loginRateMax: 3, rateLimitRedis: redis() });
    second = await buildApp({ ...t.deps, rateLimitRedis: redis() });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    for (const c of clients) c.disconnect();
  });

  it('counts login attempts of one address and username across processes', async () => {
    const username = `rl-${Date.now()}`;
    const attempt = (app: FastifyInstance) =>
      post(app, '/api/auth/login', { database: TENANT_A, username, password: 'bad' });
    const codes = [
      (await attempt(t.app)).statusCode,
      (await attempt(second)).statusCode,
      (await attempt(t.app)).statusCode,
      (await attempt(second)).statusCode,
    ];
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
