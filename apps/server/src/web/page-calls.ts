import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BOOT_CALLS_ELEMENT_ID,
  PAGE_CALLS,
  pageCallKey,
  type PageCall,
  type SessionResponse,
} from '@courier/contracts';
import { scriptSafeJson } from './boot-session';

/** The screen's path without its query or a trailing slash ('/docket/detail?x=1' → '/docket/detail'). */
const screenOf = (url: string) => url.split('?')[0]!.replace(/\/+$/, '') || '/';

/** How long the page waits for its calls' answers (ms); an answer later than that is left out. */
export const PAGE_CALLS_BUDGET_MS = 300;

/** A call's answer by its key, or undefined when the API refused it (not 200); rejects when the call failed. */
async function answerOf(
  app: FastifyInstance,
  cookie: string,
  call: PageCall,
): Promise<readonly [string, unknown] | undefined> {
  const res = await app.inject({
    method: 'POST',
    url: call.path,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(call.body),
  });
  return res.statusCode === 200 ? [pageCallKey(call.path, call.body), res.json()] : undefined;
}

/**
 * The answers to the calls a signed-in screen makes as it opens (contracts PAGE_CALLS), by
 * pageCallKey, for writing into its page (issue 15 §1 LCP). Each call runs through the app's own
 * API (`inject`) with the page request's cookie, so every right, tenant and validation check is
 * the call's own; only 200 answers are kept. A call the user may not make, one that fails, and
 * one not answered within PAGE_CALLS_BUDGET_MS are simply missing: the web app asks for those as
 * before, and the page itself never fails for them. Empty for a screen with no calls or a
 * session that is not complete. Read-only calls only: PAGE_CALLS lists lists. Costs a session
 * look-up and the call's own query per call.
 */
export async function pageCallAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  session: SessionResponse | undefined,
): Promise<Record<string, unknown>> {
  const screen = screenOf(request.url);
  const cookie = request.headers.cookie;
  if (!Object.hasOwn(PAGE_CALLS, screen) || !cookie || session?.stage !== 'full') return {};
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), PAGE_CALLS_BUDGET_MS);
  });
  const settled = await Promise.allSettled(
    PAGE_CALLS[screen]!(session.user).map((call) => Promise.race([answerOf(app, cookie, call), late])),
  );
  clearTimeout(timer);
  const answers = settled.flatMap((s) => (s.status === 'fulfilled' && s.value ? [s.value] : []));
  for (const s of settled)
    if (s.status === 'rejected') request.log.warn({ err: s.reason }, 'page without a call answer: it failed');
  return Object.fromEntries(answers);
}

/**
 * The answers as the page carries them: a `<script type="application/json" id="boot-calls">`
 * element (data, never run), its JSON script-safe; '' when there are none.
 */
export const pageCallsElement = (answers: Record<string, unknown>): string =>
  Object.keys(answers).length
    ? `<script type="application/json" id="${BOOT_CALLS_ELEMENT_ID}">${scriptSafeJson(answers)}</script>`
    : '';
