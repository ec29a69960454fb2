import { USER_MSG } from '@courier/contracts';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../lib/mail';
import { randomToken, sha256 } from '../../lib/tokens';
import type { Executor } from '../../db/client';
import type { Tenant, TenantRegistry } from '../../db/tenants';
import { writeAudit } from '../audit/audit.repository';
import { userById } from '../auth/auth.repository';
import { tenantKey, tenantOfToken } from '../auth/tenant-tokens';
import * as repo from './email-change.repository';
import { confirmEmailMail, emailChangeNoticeMail } from './email-change.mail';
import { updateUser } from './user-admin.repository';

/** How long a confirmation link works (hours). */
export const EMAIL_LINK_HOURS = 24;

/** What an e-mail change needs from the app: mail, the links' base and the clock. */
export interface EmailChangeDeps {
  tenants: TenantRegistry;
  clock: Clock;
  mailer: Mailer;
  /** Base of links in mails, e.g. https://portal.example.com */
  publicUrl: string;
  /** Where failures of the mails sent after answering go. */
  log: (err: unknown) => void;
}

/**
 * My Account asked for a new e-mail address (`email`, not the current one): inside the save's
 * transaction `tx`, revokes any open request and records this one. Answers `send`, to call after
 * the commit: it mails the single-use link (EMAIL_LINK_HOURS) to the new address and a notice to the
 * old one, in the background (failures to `deps.log`). The address changes only when the link is
 * opened (confirmEmailChange), so a stolen session cannot move the account's mail (and with it the
 * one-time codes and password resets) to an address of its own.
 */
export async function requestEmailChange(
  tx: Executor,
  deps: EmailChangeDeps,
  tenant: Tenant,
  user: { ausr_id: number; ausr_logon: string; ausr_email: string },
  email: string,
): Promise<() => void> {
  const now = deps.clock.now();
  const token = `${tenantKey(tenant.name)}.${randomToken()}`;
  await repo.revokeEmailChanges(tx, user.ausr_id, now);
  await repo.insertEmailChange(tx, {
    ausrId: user.ausr_id,
    email,
    tokenHash: sha256(token),
    now,
    expires: new Date(now.getTime() + EMAIL_LINK_HOURS * 3_600_000),
  });
  await writeAudit(tx, {
    user: user.ausr_logon,
    unit: 'users',
    process: 'e-mail change asked',
    type: 'info',
    detail: { ausr_id: user.ausr_id, before: user.ausr_email, after: email },
  });
  const link = `${deps.publicUrl.replace(/\/$/, '')}/email/confirm/${token}`;
  return () =>
    setImmediate(() => {
      const mails = [confirmEmailMail(tenant.name, email, user.ausr_logon, link)];
      if (user.ausr_email)
        mails.push(emailChangeNoticeMail(tenant.name, user.ausr_email, user.ausr_logon, email));
      for (const mail of mails) void deps.mailer.send(mail).catch(deps.log);
    });
}

/**
 * user/email/confirm (public, rate limited): the mailed link's token makes its address the user's
 * e-mail, once, within EMAIL_LINK_HOURS. Every other open request of the user is revoked.
 * @throws AppError BUSINESS_RULE (422) naming `token` for an unknown, used, superseded or expired link.
 */
export async function confirmEmailChange(
  deps: Pick<EmailChangeDeps, 'tenants' | 'clock'>,
  token: string,
): Promise<{ message: string; ausr_email: string }> {
  const invalid = new AppError('BUSINESS_RULE', USER_MSG.emailLinkInvalid, { token: 'Invalid or expired' });
  const tenant = tenantOfToken(deps, token);
  if (!tenant) throw invalid;
  const now = deps.clock.now();
  const changed = await tenant.db.transaction(async (tx) => {
    const found = await repo.useEmailChange(tx, sha256(token), now);
    if (!found) return undefined;
    await repo.revokeEmailChanges(tx, found.ausrId, now);
    await updateUser(tx, found.ausrId, { ausr_email: found.email });
    const user = await userById(tx, found.ausrId);
    await writeAudit(tx, {
      user: user?.ausr_logon ?? '',
      unit: 'users',
      process: 'e-mail change confirmed',
      type: 'info',
      detail: { ausr_id: found.ausrId, after: found.email },
    });
    return found;
  });
  if (!changed) throw invalid;
  return { message: USER_MSG.emailChanged, ausr_email: changed.email };
}
