import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MSG } from '@courier/contracts';
import { pageCallKey } from '@courier/contracts/page-calls';
import { apiError, mockApi, notAuthenticated, reply } from '../test/api-mock';
import { writeBootCalls } from '../test/boot-session';
import {
  ApiError,
  answerFromPage,
  apiGet,
  apiPost,
  apiPostFile,
  onAuthFailure,
  pageAnswerOf,
  resetPageAnswers,
} from './api-client';
import { lazyListOf, lazySchema } from './lazy-schema';
import { takeBootCall } from './boot-calls';

/** Captures what the app's route-error handler receives. */
function authFailures() {
  const handler = vi.fn<(error: ApiError) => void>();
  onAuthFailure(handler);
  return handler;
}

afterEach(() => {
  onAuthFailure(() => undefined);
  resetPageAnswers();
});

/** The rejection of a call, asserted to be an ApiError. */
async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiPost', () => {
  it('posts JSON with the session cookie and parses the answer with the schema', async () => {
    const { fetchMock } = mockApi({ '/api/thing': reply({ id: 3, extra: 'dropped' }) });
    const answer = await apiPost('/api/thing', { q: 'x' }, z.object({ id: z.number() }));
    expect(answer).toEqual({ id: 3 });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/thing');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{"q":"x"}',
    });
  });

  it('checks an answer with a schema loaded on demand, and refuses a wrong shape', async () => {
    const load = vi.fn(() => Promise.resolve(z.object({ id: z.number() })));
    mockApi({ '/api/one': reply({ id: 4, extra: 'dropped' }), '/api/two': reply({ id: 'four' }) });
    expect(load).not.toHaveBeenCalled();
    await expect(apiPost('/api/one', {}, load)).resolves.toEqual({ id: 4 });
    const wrong: unknown = await apiPost('/api/two', {}, load).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(Error);
    expect((wrong as Error).name).toBe('ZodError');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('starts loading the schema with the call, before the answer arrives', async () => {
    let answer!: (response: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const load = vi.fn(() => Promise.resolve(z.object({ id: z.number() })));
    const call = apiPost('/api/slow', {}, load);
    expect(load).toHaveBeenCalledTimes(1);
    answer(new Response(JSON.stringify({ id: 5 }), { status: 200 }));
    await expect(call).resolves.toEqual({ id: 5 });
    vi.unstubAllGlobals();
  });

  it('reports the failure of the call itself, not a schema that failed to load', async () => {
    mockApi({ '/api/gone': apiError(404, 'NOT_FOUND', 'No such thing') });
    const load = () => Promise.reject(new Error('chunk failed to load'));
    const error = await failureOf(apiPost('/api/gone', {}, load));
    expect(error.message).toBe('No such thing');
  });

  it('takes the answer the server wrote into the page for the same call, once, without loading its schema', async () => {
    answerFromPage(takeBootCall);
    writeBootCalls({ [pageCallKey('/api/thing', { q: 1 })]: { id: 7 } });
    const { fetchMock } = mockApi({ '/api/thing': reply({ id: 9, extra: 'dropped' }) });
    const load = vi.fn(() => Promise.resolve(z.object({ id: z.number() })));
    await expect(apiPost('/api/thing', { q: 1 }, load)).resolves.toEqual({ id: 7 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    // The next call goes to the server, and its answer is checked.
    await expect(apiPost('/api/thing', { q: 1 }, load)).resolves.toEqual({ id: 9 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('takes no written answer once a sign-in step or a sign-out was asked, even when handed them again', async () => {
    mockApi({ '/api/auth/logout': reply({}), '/api/thing': reply({ id: 9 }) });
    answerFromPage(takeBootCall);
    writeBootCalls({ [pageCallKey('/api/thing', {})]: { id: 7 } });
    await apiPost('/api/auth/logout', {});
    // A screen loaded later (the tracking page) hands them over again: answers written for the
    // session that signed out never serve the next one.
    answerFromPage(takeBootCall);
    await expect(apiPost('/api/thing', {})).resolves.toEqual({ id: 9 });
    expect(pageAnswerOf('/api/thing', {})).toBeUndefined();
  });

  it('hands a written answer to a query as its first data, once, as a call would take it', () => {
    answerFromPage(takeBootCall);
    writeBootCalls({ [pageCallKey('/api/thing', { q: 1 })]: { id: 7 } });
    expect(pageAnswerOf('/api/thing', { q: 2 })).toBeUndefined();
    expect(pageAnswerOf('/api/thing', { q: 1 })).toEqual({ id: 7 });
    expect(pageAnswerOf('/api/thing', { q: 1 })).toBeUndefined();
  });

  it('always sends a JSON body, {} when there is none', async () => {
    const { fetchMock } = mockApi({ '/api/auth/logout': reply({}) });
    await apiPost('/api/auth/logout', undefined);
    expect(fetchMock.mock.calls[0]![1]?.body).toBe('{}');
  });

  it('rejects an answer of the wrong shape', async () => {
    mockApi({ '/api/thing': reply({ id: 'three' }) });
    await expect(apiPost('/api/thing', {}, z.object({ id: z.number() }))).rejects.toBeInstanceOf(z.ZodError);
  });

  it('turns an error answer into an ApiError with status, error, message and fields', async () => {
    mockApi({
      '/api/docket/post': apiError(400, 'VALIDATION_ERROR', 'Post code is required', {
        'addresses.1.dadd_postalcode': 'Post code is required',
      }),
    });
    const error = await failureOf(apiPost('/api/docket/post', {}));
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(400);
    expect(error.error).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Post code is required');
    expect(error.fields).toEqual({ 'addresses.1.dadd_postalcode': 'Post code is required' });
    expect(error.notAuthenticated).toBe(false);
    expect(error.notAuthorized).toBe(false);
  });

  it('keeps the status line when the error answer is not the API body (a proxy page)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
      ),
    );
    const error = await failureOf(apiPost('/api/docket/list', {}));
    expect(error.status).toBe(502);
    expect(error.error).toBe('HTTP_ERROR');
    expect(error.message).toBe('Error code 502 - Bad Gateway');
    expect(error.fields).toBeUndefined();
  });

  it('hands 401 NOT_AUTHENTICATED to the route-error handler (to login) and still rejects', async () => {
    const handler = authFailures();
    mockApi({ '/api/docket/list': apiError(401, MSG.notAuthenticated, MSG.sessionExpired) });
    const error = await failureOf(apiPost('/api/docket/list', {}));
    expect(error.notAuthenticated).toBe(true);
    expect(error.message).toBe(MSG.sessionExpired);
    expect(handler).toHaveBeenCalledOnce();
    expect(handler).toHaveBeenCalledWith(error);
  });

  it('hands 403 NOT_AUTHORIZED to the route-error handler (to home)', async () => {
    const handler = authFailures();
    mockApi({ '/api/address/list': apiError(403, MSG.notAuthorized, MSG.notAuthorized) });
    const error = await failureOf(apiPost('/api/address/list', {}));
    expect(error.notAuthorized).toBe(true);
    expect(error.notAuthenticated).toBe(false);
    expect(handler).toHaveBeenCalledWith(error);
  });

  it('leaves other failures, including a 401 of another kind, to the caller', async () => {
    const handler = authFailures();
    mockApi({
      '/api/auth/login': apiError(401, 'AUTHENTICATION_ERROR', MSG.badLogin),
      '/api/docket/detail': apiError(404, 'NOT_FOUND', MSG.docketNotFound),
      '/api/docket/price': apiError(500, 'INTERNAL', MSG.unexpected),
    });
    const login = await failureOf(apiPost('/api/auth/login', {}));
    expect(login.status).toBe(401);
    expect(login.notAuthenticated).toBe(false);
    await failureOf(apiPost('/api/docket/detail', {}));
    await failureOf(apiPost('/api/docket/price', {}));
    expect(handler).not.toHaveBeenCalled();
  });

  it('does not route on a quiet call (the start-up session restore)', async () => {
    const handler = authFailures();
    mockApi({ '/api/auth/session': notAuthenticated() });
    const error = await failureOf(apiPost('/api/auth/session', {}, undefined, { quiet: true }));
    expect(error.notAuthenticated).toBe(true);
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('lazySchema', () => {
  it('builds its schema once for every call, and again after a build that failed', async () => {
    const build = vi
      .fn<() => Promise<z.ZodType<{ id: number }>>>()
      .mockRejectedValueOnce(new Error('chunk failed to load'))
      .mockResolvedValue(z.object({ id: z.number() }));
    const schema = lazySchema(build);
    await expect(schema()).rejects.toThrow('chunk failed to load');
    mockApi({ '/api/one': reply({ id: 1 }), '/api/two': reply({ id: 'two' }) });
    await expect(apiPost('/api/one', {}, schema)).resolves.toEqual({ id: 1 });
    await expect(apiPost('/api/two', {}, schema)).rejects.toMatchObject({ name: 'ZodError' });
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('lazyListOf checks every item of a list answer', async () => {
    const rows = lazyListOf(() => Promise.resolve(z.object({ id: z.number() })));
    mockApi({
      '/api/good': reply([{ id: 1 }, { id: 2, extra: 'dropped' }]),
      '/api/bad': reply([{ id: 1 }, {}]),
    });
    await expect(apiPost('/api/good', {}, rows)).resolves.toEqual([{ id: 1 }, { id: 2 }]);
    await expect(apiPost('/api/bad', {}, rows)).rejects.toMatchObject({ name: 'ZodError' });
  });
});

describe('apiGet', () => {
  it('gets JSON', async () => {
    const { fetchMock } = mockApi({ '/api/system/version': reply({ appVersion: '1.0.0', dbVersion: '3' }) });
    await expect(apiGet('/api/system/version')).resolves.toEqual({ appVersion: '1.0.0', dbVersion: '3' });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'same-origin' });
  });
});

describe('apiPostFile', () => {
  const pdf = (headers: Record<string, string>) =>
    vi.fn(() => Promise.resolve(new Response('%PDF-1.7', { status: 200, headers })));

  it('answers the file and the name from content-disposition', async () => {
    vi.stubGlobal(
      'fetch',
      pdf({
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="docket-1042.pdf"',
      }),
    );
    const file = await apiPostFile('/api/report/docket', { dck_id: 1042 }, 'docket.pdf');
    expect(file.filename).toBe('docket-1042.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
  });

  it('falls back to the given name', async () => {
    vi.stubGlobal('fetch', pdf({ 'content-type': 'application/pdf' }));
    const file = await apiPostFile('/api/report/docket', {}, 'docket.pdf');
    expect(file.filename).toBe('docket.pdf');
  });

  it('routes a file call that finds the session gone', async () => {
    const handler = authFailures();
    mockApi({ '/api/docket/export': notAuthenticated() });
    const error = await failureOf(apiPostFile('/api/docket/export', {}, 'bookings.csv'));
    expect(error.notAuthenticated).toBe(true);
    expect(handler).toHaveBeenCalledOnce();
  });
});
