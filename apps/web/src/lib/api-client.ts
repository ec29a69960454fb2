import { MSG, type ErrorBody } from '@courier/contracts';
import type { z } from 'zod';

/** A failed API call: HTTP status plus the server's `{ error, message, fields? }` (ARCHITECTURE rule 3). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly error: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** 401 NOT_AUTHENTICATED: no session or an expired one. */
  get notAuthenticated(): boolean {
    return this.status === 401 && this.error === MSG.notAuthenticated;
  }

  /** 403 NOT_AUTHORIZED: the session lacks the right. */
  get notAuthorized(): boolean {
    return this.status === 403 && this.error === MSG.notAuthorized;
  }
}

/** Receives NOT_AUTHENTICATED / NOT_AUTHORIZED failures so the app can route (spec "access…" §2 routing rules). */
export type AuthFailureHandler = (error: ApiError) => void;
let authFailureHandler: AuthFailureHandler | undefined;

/** Registers the one handler for route errors; the app shell installs it at start-up. */
export function onAuthFailure(handler: AuthFailureHandler): void {
  authFailureHandler = handler;
}

/** Per-call options of apiPost. */
export interface ApiOptions {
  /** Skip the login/home redirect (the start-up session restore handles its own 401). */
  quiet?: boolean;
  /** Extra request headers (Idempotency-Key). */
  headers?: Record<string, string>;
}

/** The one error shape `{ error, message, fields? }`, checked by hand: zod stays off the first load. */
function isErrorBody(data: unknown): data is ErrorBody {
  if (typeof data !== 'object' || data === null) return false;
  const { error, message, fields } = data as Record<string, unknown>;
  return (
    typeof error === 'string' &&
    typeof message === 'string' &&
    (fields === undefined ||
      (typeof fields === 'object' &&
        fields !== null &&
        Object.values(fields).every((v) => typeof v === 'string')))
  );
}

async function errorOf(response: Response): Promise<ApiError> {
  let body: ErrorBody = {
    error: 'HTTP_ERROR',
    message: `Error code ${response.status} - ${response.statusText}`,
  };
  try {
    const data: unknown = await response.json();
    if (isErrorBody(data)) body = data;
  } catch {
    // Not JSON (a proxy's error page): keep the status line.
  }
  return new ApiError(response.status, body.error, body.message, body.fields);
}

/** Sends a request with the session cookie; a failed one becomes an ApiError (and may route). */
async function request(path: string, init: RequestInit, options?: ApiOptions): Promise<Response> {
  const response = await fetch(path, { ...init, credentials: 'same-origin' });
  if (!response.ok) {
    const error = await errorOf(response);
    if (!options?.quiet && (error.notAuthenticated || error.notAuthorized)) authFailureHandler?.(error);
    throw error;
  }
  return response;
}

/**
 * How an answer is checked: a zod schema, or a loader of one. The calls of the first load (session,
 * login, database list, version, guest access, password policy) pass a loader that imports one
 * contracts file when the call is made, so zod (about 25 KB compressed) is not part of the sign-in
 * page's first load, and every answer is still checked.
 */
export type ResponseSchema<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

/**
 * Sends a request and checks its answer. A schema loader starts with the request, not after the
 * answer: its file arrives while the call is on its way, a round trip less before a first-load
 * call (the guest's database list, the session) can be drawn. A loader that fails counts only
 * when the call succeeds (the call's own error comes first).
 */
async function send<T>(
  path: string,
  init: RequestInit,
  schema?: ResponseSchema<T>,
  options?: ApiOptions,
): Promise<T> {
  const check = schemaOf(schema);
  check.catch(() => undefined);
  return checked(await (await request(path, init, options)).json(), check);
}

/** The schema itself, its loader's import, or none. */
const schemaOf = <T>(schema?: ResponseSchema<T>) =>
  typeof schema === 'function' ? schema() : Promise.resolve(schema);

/** An answer checked by its schema once that has loaded (unchecked without one). */
async function checked<T>(data: unknown, check: Promise<z.ZodType<T> | undefined>): Promise<T> {
  const schema = await check;
  return schema ? schema.parse(data) : (data as T);
}

const jsonPost = (body: unknown, headers?: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body ?? {}),
});

/** Where apiPost looks first for an answer written into the page (lib/boot-calls), once handed one. */
let pageAnswer: ((path: string, body: unknown) => unknown) | undefined;
/** True once a sign-in step or a sign-out was asked: the page's answers are over for good. */
let pageAnswersOver = false;

/**
 * Hands the API client the page's written answers (a signed-in page's start-up does, with its
 * session; the tracking page as it loads). Ignored once a sign-in step or a sign-out was asked:
 * answers written for one session never serve another.
 */
export function answerFromPage(take: (path: string, body: unknown) => unknown): void {
  if (!pageAnswersOver) pageAnswer = take;
}

/**
 * The answer written in the page for this call (answerFromPage), taken once, else undefined: for a
 * query's first data (`initialData`), so that a screen draws it in its first render rather than a
 * tick later. Never once a sign-in step or a sign-out has ended the page's answers.
 */
export function pageAnswerOf<T>(path: string, body: unknown): T | undefined {
  return pageAnswer?.(path, body) as T | undefined;
}

/** Starts the page's answers afresh (tests: each test's page is new). */
export function resetPageAnswers(): void {
  pageAnswer = undefined;
  pageAnswersOver = false;
}

/**
 * POST JSON (always a JSON body, even `{}`: the server refuses other POSTs with 415); parses with
 * `schema`. A call the server already answered inside the page as the screen opened (contracts
 * PAGE_CALLS, answerFromPage) takes that answer instead, once.
 */
export function apiPost<T>(
  path: string,
  body: unknown,
  schema?: ResponseSchema<T>,
  options?: ApiOptions,
): Promise<T> {
  // A sign-in step or a sign-out ends the page's answers: they were its session's user's.
  if (path.startsWith('/api/auth/')) {
    pageAnswer = undefined;
    pageAnswersOver = true;
  }
  // Written by the server through this call's own response schema (apps/server web/page-calls):
  // taken as it is, so the screen draws without loading zod first.
  const written = pageAnswer?.(path, body);
  if (written !== undefined) return Promise.resolve(written as T);
  return send(path, jsonPost(body, options?.headers), schema, options);
}

/** True for a failure that never reached the server or whose answer was lost (fetch threw). */
export const isNetworkError = (error: unknown): boolean => error instanceof TypeError;

/** A file the API answered (PDF, CSV) and the name it gave it in content-disposition. */
export interface ApiFile {
  blob: Blob;
  filename: string;
}

/** The `filename="…"` of a content-disposition header, else `fallback`. */
function filenameOf(response: Response, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * POST JSON for a file answer (docket/export, docket/label, report/docket): the session cookie
 * authenticates it, as the bearer token would (the web app never holds the token).
 */
export async function apiPostFile(path: string, body: unknown, fallbackName: string): Promise<ApiFile> {
  const response = await request(path, jsonPost(body));
  return { blob: await response.blob(), filename: filenameOf(response, fallbackName) };
}

/** GET JSON (system/version is the one GET call). */
export function apiGet<T>(path: string, schema?: ResponseSchema<T>): Promise<T> {
  return send(path, { method: 'GET', headers: { accept: 'application/json' } }, schema);
}
