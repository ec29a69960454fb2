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

/**
 * The answers to the calls a signed-in screen makes as it opens (contracts PAGE_CALLS), by
 * pageCallKey, for writing into its page (issue 15 §1 LCP). Each call runs through the app's own
 * API (`inject`) with the page request's cookie, so every right, tenant and validation check is
 * the call's own; only 200 answers are kept (a call the user may not make is simply missing, and
 * the web app asks for it as before). Empty for a screen with no calls or a session that is not
 * complete. Read-only calls only: PAGE_CALLS lists lists.
 */
export async function pageCallAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  session: SessionResponse | undefined,
): Promise<Record<string, unknown>> {
  const declare = PAGE_CALLS[screenOf(request.url)];
  const cookie = request.headers.cookie;
  if (!declare || !cookie || session?.stage !== 'full') return {};
  const answers = await Promise.all(
    declare(session.user).map(async (call: PageCall) => {
      const res = await app.inject({
        method: 'POST',
        url: call.path,
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(call.body),
      });
      return res.statusCode === 200 ? ([pageCallKey(call.path, call.body), res.json()] as const) : undefined;
    }),
  );
  return Object.fromEntries(answers.filter((a) => a !== undefined));
}

/**
 * The answers as the page carries them: a `<script type="application/json" id="boot-calls">`
 * element (data, never run), its JSON script-safe; '' when there are none.
 */
export const pageCallsElement = (answers: Record<string, unknown>): string =>
  Object.keys(answers).length
    ? `<script type="application/json" id="${BOOT_CALLS_ELEMENT_ID}">${scriptSafeJson(answers)}</script>`
    : '';
