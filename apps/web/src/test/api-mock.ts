import { vi } from 'vitest';
import { MSG } from '@courier/contracts';

/** One API answer: a status and a JSON body. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A JSON answer with a status (200 by default). */
export const reply = (body: unknown, status = 200, headers: Record<string, string> = {}): Reply => ({
  status,
  body,
  headers,
});

/** The server's error body `{ error, message, fields? }` with its status. */
export const apiError = (status: number, error: string, message: string, fields?: Record<string, string>) =>
  reply(fields ? { error, message, fields } : { error, message }, status);

/** 401 NOT_AUTHENTICATED, what the server answers without a session. */
export const notAuthenticated = () => apiError(401, MSG.notAuthenticated, MSG.notAuthenticated);

/** A route's answer: fixed, or computed from the request's JSON body. */
export type Handler = Reply | ((body: unknown) => Reply);

/** A call the fake server received. */
export interface Call {
  path: string;
  method: string;
  body: unknown;
}

/**
 * Replaces global fetch with a fake server answering `handlers` by path; other paths answer 404.
 * Returns the calls received, in order, and the calls to one path.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ path, method, body });
    const handler = handlers[path];
    const answer = !handler
      ? apiError(404, 'NOT_FOUND', `No handler for ${path}`)
      : typeof handler === 'function'
        ? handler(body)
        : handler;
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json', ...answer.headers },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    bodiesOf: (path: string) => calls.filter((c) => c.path === path).map((c) => c.body),
  };
}
