import { MSG, type RegisterRequest } from '@courier/contracts';
import type { z } from 'zod';
import type { registerRequest } from '@courier/contracts';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { TenantRegistry } from '../../db/tenants';
import { writeAudit } from '../audit/audit.repository';
import { hashPassword, tenantByName } from '../auth/auth.service';
import { findUserByLogon } from '../auth/auth.repository';
import { assertPolicy } from '../auth/password.service';
import { passwordPolicyOf } from '../settings/settings.service';
import * as repo from './users.repository';

/** Registration is open this long after the booking. */
export const REGISTER_WITHIN_DAYS = 30;

/**
 * user/register (spec "access…" §2 Register): creates a user linked to the booking's account, with
 * the rights to book, see history, prices and track. The booking is proved by its tracking
 * reference; each booking registers one user, within 30 days. 409 when the username is taken.
 */
export async function register(
  deps: { tenants: TenantRegistry; clock: Clock },
  req: z.output<typeof registerRequest> & RegisterRequest,
): Promise<{ message: string; detail: string }> {
  const tenant = tenantByName(deps, req.database);
  const docket = await repo.docketForRegistration(tenant.db, req.dck_id);
  const tooOld =
    docket && deps.clock.now().getTime() - docket.dck_booked.getTime() > REGISTER_WITHIN_DAYS * 86_400_000;
  if (!docket || docket.tracking_reference !== req.tracking_reference.toUpperCase() || tooOld)
    throw new AppError('BUSINESS_RULE', 'This booking cannot be used to register', {
      dck_id: 'Unknown booking',
    });
  if (docket.dck_registered_ausr_id)
    throw new AppError('CONFLICT', 'A user has already registered from this booking', {
      dck_id: 'Already registered',
    });
  if (await findUserByLogon(tenant.db, req.ausr_logon))
    throw new AppError('CONFLICT', 'This username is taken, please choose another', {
      ausr_logon: 'Username taken',
    });
  assertPolicy(req.ausr_password, req.ausr_logon, await passwordPolicyOf(tenant.db), 'ausr_password');
  const [first = '', ...rest] = (req.dck_contact || docket.dck_contact).split(/\s+/);
  const passwordHash = await hashPassword(req.ausr_password);
  await tenant.db.transaction(async (tx) => {
    const ausrId = await repo.insertRegisteredUser(tx, {
      ausr_logon: req.ausr_logon,
      ausr_password: passwordHash,
      ausr_firstname: first.slice(0, 50),
      ausr_lastname: rest.join(' ').slice(0, 50),
      ausr_email: (req.dck_email || docket.dck_email).slice(0, 200),
      ausr_telephone: (req.dck_telephone || docket.dck_telephone).slice(0, 30),
      ausr_cust_id: docket.dck_cust_id,
    });
    await repo.markRegistered(tx, docket.dck_id, ausrId);
    await writeAudit(tx, {
      user: req.ausr_logon,
      unit: 'users',
      process: 'register',
      type: 'info',
      detail: { dck_id: docket.dck_id },
    });
  });
  return { message: MSG.registered, detail: MSG.registeredDetail };
}
