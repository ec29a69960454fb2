import { createHmac } from 'node:crypto';
import type { DocketEvent } from '@courier/contracts';
import type { Db } from '../../db/client';
import { docketScope, hasRight, type AuthContext } from '../auth/access';
import { liveScopeKey } from '../auth/sessions.service';
import { keptCircuitCodes } from '../control/circuits.repository';
import { bookedNotice, notifyLater } from './events.repository';
import { parseNotice, type DocketNotice } from './live';

/** Sends one named event of the stream to the caller. */
export type SendEvent = (event: 'ready' | 'docket', data: object) => void;

/**
 * Who hears what: a control user the changes of the circuits linked to them (any acia_update),
 * a booking user (history, booking or trace right) the changes of the dockets in their docket
 * scope (linked accounts; own bookings only for an own-bookings user). Undefined: not for them.
 */
export function eventFor(
  notice: DocketNotice,
  who: { circuits: ReadonlySet<string>; accounts: ReadonlySet<number>; ownerId?: number; bookings: boolean },
): DocketEvent | undefined {
  const circuits = notice.circuits.filter((c) => who.circuits.has(c));
  const ownsIt =
    who.bookings &&
    who.accounts.has(notice.dck_cust_id) &&
    (who.ownerId === undefined || notice.owners.includes(who.ownerId));
  if (circuits.length === 0 && !ownsIt) return undefined;
  return {
    dck_id: notice.dck_id,
    dck_docket: notice.dck_docket,
    dck_status: notice.dck_status,
    circuits,
    event: notice.event ?? 'status',
  };
}

/**
 * The circuits a control user hears (their linked circuits' codes, keptCircuitCodes; '' for a user
 * without the control right): read when a stream opens and again before each event, so that a
 * circuit taken from the user ends their stream (security probe 8).
 */
export function circuitsKey(auth: AuthContext): Promise<string> {
  return hasRight(auth, 'control')
    ? keptCircuitCodes(auth.db, auth.tenant.name, auth.user.ausr_id)
    : Promise.resolve('');
}

/**
 * The fingerprint of what a stream's filter is made of (liveScopeKey's rights and linked accounts,
 * circuitsKey's circuits) for one session: 16 hex digits (contracts LIVE_SCOPE_PATTERN) of their
 * HMAC-SHA-256 keyed by the session's token. Keyed, so the few rights and account ids cannot be
 * worked back from it (it travels in a stream's URL, which request logs keep) by anyone without
 * the token; per session, so a page written for another user's session never passes for this one's.
 * Every process holding the session computes the same.
 */
export const scopeFingerprint = (token: string, scope: string, circuits: string): string =>
  createHmac('sha256', token).update(`${scope}\n${circuits}`).digest('hex').slice(0, 16);

/**
 * The scope fingerprint of a signed-in user as their page is written (contracts
 * BOOT_LIVE_SCOPE_ELEMENT_ID), read before the page's data: undefined when the session is not live
 * at its 'full' stage. Two reads: the live session (kept a second) and, for the control right,
 * the user's circuits.
 */
export async function liveScopeFingerprint(
  deps: Parameters<typeof liveScopeKey>[0],
  token: string,
  auth: AuthContext,
): Promise<string | undefined> {
  const [scope, circuits] = await Promise.all([liveScopeKey(deps, token), circuitsKey(auth)]);
  return scope === null ? undefined : scopeFingerprint(token, scope, circuits);
}

/** The `ready` event's data: whether events the caller hears may have been missed (contracts LIVE_EVENTS). */
export interface ReadyEvent {
  missed?: boolean;
}

/**
 * How far (ms) before the caller's `since` the events heard count as possibly missed: the time
 * the page's data was read is another process's clock, and an event committed before that read
 * may be heard after it.
 */
export const SINCE_MARGIN_MS = 2_000;

/** The most events heard since a stream's `since` that are checked one by one for its user. */
export const SINCE_MAX_HEARD = 200;

/**
 * GET /api/events (any signed-in user): subscribes the caller to the tenant's live events, filtered
 * by eventFor with the circuits (`circuits`, circuitsKey's, which the stream compares before each
 * event) and accounts they have when the stream opens (a reconnect picks up new links). `ready` is
 * sent again whenever the server's LISTEN connection was lost and is back, since events may have
 * been missed. Resolves once listening, with the unsubscribe and the first `ready`: `missed` false
 * only when `since` (the server's time, ms, when the caller's data was read: the page's) is given
 * and this process heard, unbroken since then (less SINCE_MARGIN_MS), nothing the caller hears;
 * the caller then need not read again what it shows.
 */
export async function subscribe(
  auth: AuthContext,
  circuits: string,
  send: SendEvent,
  since?: number,
): Promise<{ unsubscribe: () => void; ready: ReadyEvent }> {
  const scope = docketScope(auth);
  const who = {
    circuits: new Set(circuits.split(',').filter(Boolean)),
    accounts: new Set(scope.accountIds),
    ownerId: scope.ownerId,
    bookings: hasRight(auth, 'history') || hasRight(auth, 'booking') || hasRight(auth, 'trace'),
  };
  const heard = (payload: string) => {
    const notice = parseNotice(payload);
    return notice && eventFor(notice, who);
  };
  const unsubscribe = await auth.tenant.listen({
    event(payload) {
      const event = heard(payload);
      if (event) send('docket', event);
    },
    resync: () => send('ready', {}),
  });
  // Listening now: what was heard since the caller's data was read, and nothing after it is lost.
  // A time ahead of this process's clock cannot be judged; more than SINCE_MAX_HEARD payloads are
  // not read one by one (a busy tenant: the caller reads again).
  const now = Date.now();
  const heardSince =
    since === undefined || since > now ? undefined : auth.tenant.heardSince?.(since - SINCE_MARGIN_MS);
  const missed =
    heardSince === undefined ||
    heardSince.length > SINCE_MAX_HEARD ||
    heardSince.some((p) => heard(p) !== undefined);
  return { unsubscribe, ready: { missed } };
}

/**
 * The public tracking view's stream (GET /api/docket/track/events): a `docket` event, with no
 * content, each time the docket of that tracking reference changes; the page then reads its
 * summary again through docket/track. Nothing about other dockets, and no ids, reach a guest.
 */
export function subscribeTracking(
  tenant: { listen: AuthContext['tenant']['listen'] },
  dckId: number,
  send: SendEvent,
): Promise<() => void> {
  return tenant.listen({
    event(payload) {
      const notice = parseNotice(payload);
      // Its booking was told before anyone could hold its reference.
      if (notice?.dck_id === dckId && notice.event !== 'booked') send('docket', {});
    },
    resync: () => send('ready', {}),
  });
}

/**
 * Tells the tenant's live streams of a new booking, once it has committed (call after the commit,
 * never inside the booking's transaction: a notifying transaction's commit waits for every other
 * one's). The notice (bookedNotice: event 'booked') reaches the control users whose circuits select
 * the docket at `booked` and the booking users whose scope holds it, so open boards and booking
 * lists read themselves again. Sent with the others queued within NOTIFY_BATCH_MS (notifyLater);
 * a failure goes to `onError` and never to the booker.
 */
export function announceBooked(db: Db, dckId: number, booked: Date, onError: (err: unknown) => void): void {
  bookedNotice(db, dckId, booked)
    .then((notice) => {
      if (notice) notifyLater(db, [notice], onError);
    })
    .catch(onError);
}
