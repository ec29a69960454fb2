import type { TenantRegistry } from '../../db/tenants';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../lib/mail';

/** What the auth service needs from the app. */
export interface AuthDeps {
  tenants: TenantRegistry;
  clock: Clock;
  /** Sessions end after this many minutes without a call, unless the tenant's config.SessionIdleMinutes says otherwise. */
  idleMinutes: number;
  mailer: Mailer;
  /** Base of links in mails, e.g. https://portal.example.com */
  publicUrl: string;
}
