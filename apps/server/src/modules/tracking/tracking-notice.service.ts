import type { Db, Executor } from '../../db/client';
import type { Tenant, TenantRegistry } from '../../db/tenants';
import type { Clock } from '../../lib/clock';
import { mailTo, trackingLink, type Mailer } from '../../lib/mail';
import { noticeMail } from './tracking-notice.mail';
import * as repo from './tracking-notice.repository';

/** What sending tracking notices needs: the mailer, the base of links, the clock, where errors go. */
export interface NoticeDeps {
  mailer: Mailer;
  publicUrl: string;
  clock: Clock;
  /** Told of a mail that failed (it is tried again later); never of its content. */
  onNoticeError?: (err: unknown) => void;
}

/** A claim older than this is a sender that died mid-way: the notice may be claimed again. */
const STALE_CLAIM_MS = 10 * 60_000;
/** A notice whose mail failed this many times is given up. */
export const NOTICE_ATTEMPTS = 5;
const BATCH = 20;

/** The status a docket moves to that its e-mail addresses are told of. */
const EVENT_OF: Record<string, repo.NoticeEvent> = { P: 'collected', D: 'delivered' };

/**
 * Queues the tracking e-mail of a status change (collected P, delivered D; issue 10 §3), inside the
 * change's transaction, when the tenant's general.TrackingMail is 'T' and the docket has an e-mail
 * address; at most one per docket and event, ever. True when one was queued.
 */
export function queueStatusNotice(tx: Executor, dckId: number, status: string, now: Date): Promise<boolean> {
  const event = EVENT_OF[status];
  return event ? repo.queueNotice(tx, dckId, event, now) : Promise.resolve(false);
}

/**
 * Sends the tenant's queued tracking notices (claimed first, so each goes out once however many
 * senders run), each with the tracking link of the public view. A failed mail is released for a
 * later try and reported to `onNoticeError`. The number sent.
 */
export async function sendPendingNotices(
  deps: NoticeDeps,
  tenant: { name: string; db: Db },
): Promise<number> {
  const now = deps.clock.now();
  const claimed = await repo.claimNotices(
    tenant.db,
    now,
    new Date(now.getTime() - STALE_CLAIM_MS),
    NOTICE_ATTEMPTS,
    BATCH,
  );
  let sent = 0;
  for (const n of claimed) {
    try {
      await deps.mailer.send(
        noticeMail({
          tenant: tenant.name,
          to: mailTo(n.dck_email),
          dck_docket: n.dck_docket,
          event: n.dnot_event,
          trackingLink: trackingLink(deps.publicUrl, n.tracking_reference, tenant.name),
        }),
      );
      await repo.markSent(tenant.db, n.dnot_id, deps.clock.now());
      sent++;
    } catch (err) {
      await repo.release(tenant.db, n.dnot_id);
      deps.onNoticeError?.(err);
    }
  }
  return sent;
}

/**
 * After a committed status change to `status`: sends the tenant's pending notices in the
 * background when the change may have queued one (never holds up the caller's answer). Without a
 * mailer in `deps` (a caller that sends none) the sweep sends them later.
 */
export function afterStatusChange(deps: Partial<NoticeDeps>, tenant: Tenant, status: string): void {
  const { mailer, publicUrl, clock, onNoticeError } = deps;
  if (!mailer || publicUrl === undefined || !clock || !EVENT_OF[status]) return;
  sendPendingNotices({ mailer, publicUrl, clock, onNoticeError }, tenant).catch((err: unknown) =>
    onNoticeError?.(err),
  );
}

/** Sends every tenant's leftover notices (a sender that failed or died), one tenant after another. */
export async function sweepNotices(deps: NoticeDeps, tenants: TenantRegistry): Promise<void> {
  for (const tenant of tenants.tenants) {
    try {
      await sendPendingNotices(deps, tenant);
    } catch (err) {
      deps.onNoticeError?.(err);
    }
  }
}
