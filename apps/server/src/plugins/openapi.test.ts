import { beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { useTestApp } from '../test/harness';
import { DRIVER_CALLS, PUBLIC_CALLS } from './openapi';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

/** The OpenAPI document at /api/docs says what the server does. */
describe('the API document', () => {
  let doc: {
    paths: Record<string, Record<string, Operation>>;
    components?: Record<string, unknown>;
    servers?: unknown[];
  };
  const t = useTestApp('postgres', { dockets: 0 });
  beforeAll(async () => {
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );

  it('gives every operation a unique operationId, its security and the error statuses with the error body', () => {
    expect(doc.servers).toEqual([{ url: '/' }]);
    expect(Object.keys((doc.components as { securitySchemes: object }).securitySchemes)).toEqual([
      'session',
      'bearer',
      'driver',
    ]);
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, op } of operations()) {
      expect(op.security, path).toEqual(
        PUBLIC_CALLS.has(path)
          ? DRIVER_CALLS.has(path)
            ? [{}, { driver: [] }, { bearer: [] }]
            : []
          : DRIVER_CALLS.has(path)
            ? [{ driver: [] }, { bearer: [] }]
            : [{ session: [] }, { bearer: [] }],
      );
      for (const status of ['400', '401', '403', '404', '409', '415', '422', '429'])
        expect(Object.keys(op.responses![status]!.content!), `${path} ${status}`).toEqual([
          'application/json',
        ]);
    }
  });

  it("lints with no error under a standard OpenAPI linter's recommended rules (Redocly)", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
  });

  it('gives every operation a summary, and the downloads their media types', () => {
    for (const { path, op } of operations()) expect(op.summary, path).toBeTruthy();
    const media = (path: string) => Object.keys(doc.paths[path]!.post!.responses!['200']!.content!);
    expect(media('/api/docket/export')).toEqual(['text/csv', 'application/pdf']);
    expect(media('/api/docket/label')).toEqual(['application/pdf']);
    expect(media('/api/report/docket')).toEqual(['application/pdf']);
    expect(Object.keys(doc.paths['/api/events']!.get!.responses!['200']!.content!)).toEqual([
      'text/event-stream',
    ]);
  });

  it('answers 405 naming the allowed method when a path has another', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docket/list' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({
      error: 'METHOD_NOT_ALLOWED',
      message: 'GET is not allowed on /api/docket/list',
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/system/version' })).statusCode).toBe(405);
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing/here' })).statusCode).toBe(404);
  });

  it('marks as public exactly the calls that answer without a session', async () => {
    for (const { path, method } of operations()) {
      if (method !== 'post') continue;
      const res = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      if (PUBLIC_CALLS.has(path)) expect(res.statusCode, path).not.toBe(401);
      else expect([401, 400], path).toContain(res.statusCode);
    }
  });
});
