import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { BOOT_SESSION_ELEMENT_ID, MSG, type SessionResponse, type UserSession } from '@courier/contracts';
import { ApiError, answerFromPage, apiPost } from '../../../lib/api-client';
import { takeBootJson } from '../../../lib/boot-data';
import { notifyApiError, notifyInfo } from '../../../lib/notify';

/** Cache key of the session. */
export const SESSION_KEY = ['session'] as const;

/** Title of the start-up token load in the error catalogue (spec "access…" §8). */
export const SESSION_TITLE = 'Load Token';

const sessionSchema = () => import('@courier/contracts/auth').then((m) => m.sessionResponse);

/** Hands the API client the answers a signed-in page carries (lib/boot-calls). */
const pageAnswers = () => import('../../../lib/boot-calls').then((m) => answerFromPage(m.takeBootCall));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether what the page carries has a session's form. The server wrote it through the session's
 * own schema (apps/server web/boot-session: `sessionResponse.parse`), so it is taken as it is,
 * without loading zod before the first screen draws; only its form is looked at, so that a page
 * carrying anything else asks the server instead.
 */
function isWrittenSession(value: unknown): value is SessionResponse {
  if (!isRecord(value) || !isRecord(value.tenant)) return false;
  if (value.stage === 'otp') return true;
  if (value.stage !== 'password' && value.stage !== 'full') return false;
  const { user, rights, accounts } = value;
  return (
    isRecord(user) &&
    typeof user.ausr_id === 'number' &&
    typeof user.ausr_logon === 'string' &&
    Array.isArray(rights) &&
    Array.isArray(accounts)
  );
}

/**
 * POST /api/auth/session: the start-up restore (spec "access…" §2). No token: silent null.
 * An expired session: an info message, and the stale cookie is dropped so it is said once.
 * Any other failure: an error notification. The first restore of a page the server wrote a live
 * session into (BOOT_SESSION_ELEMENT_ID) takes that answer instead (isWrittenSession),
 * and hands the API client the answers to the screen's opening calls the page also carries; a
 * page that says nobody is signed in (null) is taken at its word.
 */
export async function fetchSession(): Promise<SessionResponse | null> {
  const boot = takeBootJson(BOOT_SESSION_ELEMENT_ID);
  // The server's word that this browser sent no session at all: nobody to restore, nothing to ask.
  if (boot === null) return null;
  if (isWrittenSession(boot)) {
    // A page with a session may also carry the answers to its screen's opening calls.
    await pageAnswers();
    return boot;
  }
  try {
    return await apiPost('/api/auth/session', {}, sessionSchema, { quiet: true });
  } catch (error) {
    if (error instanceof ApiError && error.notAuthenticated) {
      if (error.message !== MSG.notAuthenticated) {
        notifyInfo(SESSION_TITLE, error.message);
        await apiPost('/api/auth/logout', {}, undefined, { quiet: true }).catch(() => undefined);
      }
      return null;
    }
    notifyApiError(SESSION_TITLE, error);
    return null;
  }
}

/** The session lives in the query cache; login and logout write it directly. */
export const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: fetchSession,
  staleTime: Infinity,
  retry: false,
});

/**
 * A session counts as signed in once every login step is done (stage 'full'). A session still at
 * the OTP or forced-password-change step (spec "access…" §4) opens only the login screens.
 */
export const completeSession = (s: SessionResponse | null | undefined): UserSession | null =>
  s?.stage === 'full' ? s : null;

/**
 * The current session: `session` when signed in (null otherwise), `pending` while a login waits at
 * the OTP or password-change step, and whether the start-up restore is still running.
 */
export function useSession() {
  const { data, isPending } = useQuery(sessionQuery);
  const pending = data && data.stage !== 'full' ? data : null;
  return { session: completeSession(data), pending, isPending };
}

/** Reads the session again after a login step (OTP verified, password changed). */
export const refreshSession = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });

/** The session on a screen that needs one (the route guard has checked it). */
export function useSignedIn(): UserSession {
  const { session } = useSession();
  if (!session) throw new Error(MSG.notAuthenticated);
  return session;
}
