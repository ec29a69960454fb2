import {
  allowedNext,
  CONTROL_MSG,
  MSG,
  needOf,
  stampedNow,
  type StatusChangeResponse,
  type statusChangeRequest,
} from '@courier/contracts';
import type { z } from 'zod';
import { AppError, validationError } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.repository';
import { assertRight, type AuthContext } from '../auth/access';
import { notifyDocket, notifyDockets } from '../events/events.repository';
import { boardPagesOf } from './board-pages';
import * as circuits from './circuits.repository';
import type { Executor } from '../../db/client';
import { insertTraceRecords } from '../tracking/tracking.repository';
import { afterStatusChange, queueStatusNotice } from '../tracking/tracking-notice.service';
import type { ControlDeps } from './control.service';
import * as repo from './status.repository';

/** A driver with this many other open jobs or more gets a warning on allocation. */
export const DRIVER_JOBS_WARNING = 10;
/** A given status time may be this far ahead of the server's clock (clock skew). */
const FUTURE_SLACK_MS = 60_000;

type ChangeInput = z.output<typeof statusChangeRequest>;

const notFound = () => new AppError('NOT_FOUND', MSG.docketNotFound, { docket: MSG.docketNotFound });

/** 409: the docket is no longer in the status the caller saw. */
const conflict = (docket: number, sawDescription: string, nowDescription: string) =>
  new AppError(
    'CONFLICT',
    `Docket ${docket} has been changed by someone else meanwhile: it is now '${nowDescription}', not '${sawDescription}'. Refresh the list and try again.`,
    { from: `Now '${nowDescription}'` },
  );

/** Who makes a status change: a control-room user, or a driver on the driver page (no user id). */
export interface ChangeActor {
  ausr_id: number | null;
  /** What the history and the audit log name: the user's logon, or 'driver {code}'. */
  logon: string;
}

/** The docket as the change reads it (repo.docketByNumber, repo.docketById). */
export type ChangeDocket = NonNullable<Awaited<ReturnType<typeof repo.docketByNumber>>>;

/** Where a change happened (the phone's position), for its trace record; degrees. */
export interface ChangeWhere {
  dtr_latitude?: number;
  dtr_longitude?: number;
}

/**
 * docket/status/change (control right; spec "access…" §4 Control status change). The caller must be
 * linked to a circuit that selects the docket in `from` (else 404 'Docket not found') with
 * `acia_update` 'T' (else 403). The rest is applyStatusChange's. A driver with
 * DRIVER_JOBS_WARNING other open jobs or more comes back as `message`, a warning.
 */
export async function changeStatus(
  auth: AuthContext,
  deps: ControlDeps,
  input: ChangeInput,
): Promise<StatusChangeResponse> {
  assertRight(auth, 'control');
  const db = auth.db;
  const now = deps.clock.now();
  const docket = await repo.docketByNumber(db, input.docket);
  if (!docket) throw notFound();
  const linked = await circuits.circuitsOfUser(db, auth.user.ausr_id);
  // Scoped as the caller saw it (in `from`): a docket someone else has just moved out of the
  // caller's circuits is a 409, not a 404. When it is still in `from` this is the docket as it is.
  const selecting = await circuits.circuitsSelecting(db, docket.dck_id, linked, now, input.from);
  if (selecting.length === 0) throw notFound();
  if (!linked.some((c) => c.acia_update === 'T' && selecting.includes(c.cir_circ_code)))
    throw new AppError('NOT_AUTHORIZED', CONTROL_MSG.readOnlyCircuit);

  const saved = await applyStatusChange(db, now, docket, input, {
    ausr_id: auth.user.ausr_id,
    logon: auth.user.ausr_logon,
  });
  afterStatusChange(deps, auth.tenant, saved.dck_status);
  // This process's kept board pages go now, not when its own event comes back over LISTEN.
  boardPagesOf(auth.tenant).drop();

  let message: string | undefined;
  if (needOf(input.status) === 'driver' && saved.drv_driver) {
    const driver = await repo.driverByCode(db, saved.drv_driver);
    const others = (await repo.openJobsOf(db, saved.drv_driver)) - 1;
    if (driver && others >= DRIVER_JOBS_WARNING) message = `${driver.drv_name} already has ${others} jobs`;
  }
  return { ...saved, ...(message ? { message } : {}) };
}

/**
 * The status rules and the write of one status change, whoever asks (the control room, the driver
 * page; spec "access…" §4). The docket must still be in `from` (else 409, also when another change
 * wins the race: the update is a compare-and-set). The target must be in `from`'s allowed next
 * statuses, web 'T' and not F, W or O (else 422). B and C need `exception` (an active reason), G an
 * active `driver`, the others `signed_by` (else 400 naming the field). B, C, D, E, Q, R, I are
 * stamped now; the others take `time` (ISO, not in the future nor before the booking) or now. The
 * docket's status, status time and driver, a status history row, a status trace record (at
 * `where` when given), the tracking e-mail notice of a collection or delivery, an audit row, the live event, and what `within` writes (signature, photo)
 * are written in one transaction (a savepoint when `db` is already one).
 */
export async function applyStatusChange(
  db: Executor,
  now: Date,
  docket: ChangeDocket,
  input: ChangeInput,
  actor: ChangeActor,
  options: { where?: ChangeWhere; within?: (tx: Executor, saved: SavedChange) => Promise<void> } = {},
): Promise<SavedChange> {
  const statuses = await repo.listStatuses(db);
  const describe = (id: string) => statuses.find((s) => s.dsts_id === id)?.dsts_description ?? id;
  if (docket.dck_status !== input.from)
    throw conflict(docket.dck_docket, describe(input.from), describe(docket.dck_status));
  const target = statuses.find((s) => s.dsts_id === input.status);
  if (!target) throw validationError({ status: 'Unknown status' });
  if (!allowedNext(statuses, input.from).includes(input.status))
    throw new AppError(
      'BUSINESS_RULE',
      `A docket that is '${describe(input.from)}' cannot be set to '${target.dsts_description}'`,
      { status: 'Not an allowed next status' },
    );

  const need = needOf(input.status);
  let exception: Awaited<ReturnType<typeof repo.exceptionByCode>>;
  if (need === 'reason' && !input.exception)
    throw validationError({ exception: `A reason is required for '${target.dsts_description}'` });
  if (input.exception) {
    exception = await repo.exceptionByCode(db, input.exception);
    if (!exception || exception.exc_active !== 'T') throw validationError({ exception: 'Unknown reason' });
  }
  if (need === 'driver' && !input.driver) throw validationError({ driver: 'Choose a driver' });
  let driver: Awaited<ReturnType<typeof repo.driverByCode>>;
  if (input.driver) {
    driver = await repo.driverByCode(db, input.driver.toUpperCase());
    if (!driver) throw validationError({ driver: 'Unknown driver' });
    if (driver.drv_active !== 'T')
      throw new AppError('BUSINESS_RULE', `Driver ${driver.drv_driver} is not active`, {
        driver: 'Not active',
      });
  }
  if (need === 'signed_by' && !input.signed_by)
    throw validationError({ signed_by: `Signed by is required for '${target.dsts_description}'` });

  let time = now;
  if (input.time !== undefined) {
    if (stampedNow(input.status))
      throw validationError({ time: `'${target.dsts_description}' is stamped now: leave the time out` });
    time = new Date(input.time);
    if (time.getTime() > now.getTime() + FUTURE_SLACK_MS)
      throw validationError({ time: 'The time cannot be in the future' });
    if (time < docket.dck_booked) throw validationError({ time: 'The time cannot be before the booking' });
  }

  return db.transaction(async (tx) => {
    const every = await circuits.allCircuits(tx);
    const before = await circuits.circuitsSelecting(tx, docket.dck_id, every, now);
    const row = await repo.setStatusIf(tx, {
      dckId: docket.dck_id,
      from: input.from,
      to: input.status,
      time,
      driver: need === 'driver' ? driver!.drv_driver : undefined,
    });
    if (!row) {
      const current = await repo.currentStatus(tx, docket.dck_id);
      throw conflict(docket.dck_docket, describe(input.from), current?.dsts_description ?? '');
    }
    const after = await circuits.circuitsSelecting(tx, docket.dck_id, every, now);
    await repo.insertStatusHistory(tx, {
      dsh_dck_id: docket.dck_id,
      dsh_from: input.from,
      dsh_to: input.status,
      dsh_time: time,
      dsh_recorded: now,
      dsh_ausr_id: actor.ausr_id,
      dsh_logon: actor.logon,
      drv_driver: row.drv_driver,
      dsh_reason: input.reason || exception?.exc_description || '',
      dsh_signed_by: input.signed_by,
      exc_code: exception?.exc_code ?? null,
    });
    await insertTraceRecords(tx, [
      {
        dtr_dck_id: docket.dck_id,
        drv_driver: row.drv_driver,
        dtr_kind: 'status',
        dtr_scandate: time,
        dtr_recorded: now,
        tloc_description: target.dsts_description,
        dsts_id: input.status,
        dtr_latitude: options.where?.dtr_latitude ?? null,
        dtr_longitude: options.where?.dtr_longitude ?? null,
      },
    ]);
    await queueStatusNotice(tx, docket.dck_id, input.status, now);
    await writeAudit(tx, {
      user: actor.logon,
      unit: 'control',
      process: 'docket/status/change',
      type: 'info',
      detail: {
        dck_docket: docket.dck_docket,
        from: input.from,
        to: input.status,
        drv_driver: row.drv_driver,
        exc_code: exception?.exc_code,
      },
    });
    const saved: SavedChange = {
      dck_id: row.dck_id,
      dck_docket: row.dck_docket,
      dck_status: row.dck_status,
      drv_driver: row.drv_driver,
      dck_status_time: row.dck_status_time.toISOString(),
    };
    await options.within?.(tx, saved);
    await notifyDocket(tx, {
      ...noticeHead(docket),
      from: input.from,
      dck_status: input.status,
      event: 'status',
      circuits: [...new Set([...before, ...after])].sort(),
    });
    return saved;
  });
}

/** What a saved status change answers. */
export type SavedChange = Omit<StatusChangeResponse, 'message'>;

const noticeHead = (
  docket: Pick<
    ChangeDocket,
    'dck_id' | 'dck_docket' | 'dck_cust_id' | 'dck_ausr_id' | 'dck_registered_ausr_id'
  >,
) =>
  ({
    kind: 'docket',
    dck_id: docket.dck_id,
    dck_docket: docket.dck_docket,
    dck_cust_id: docket.dck_cust_id,
    owners: [docket.dck_ausr_id, docket.dck_registered_ausr_id].filter((o): o is number => o !== null),
  }) as const;

/**
 * Tells the tenant's live stream that something other than the status of each of `dockets` changed
 * (a scan, a position): per docket the same notice as a status change, from and to its current
 * status, to the circuits that select it now and its owners. Three statements whatever the number
 * of dockets (a driver's position goes to each of their open jobs). Call in the writing transaction.
 */
export async function notifyDocketEvents(
  tx: Executor,
  dockets: readonly ChangeDocket[],
  now: Date,
  event: 'scan' | 'position',
): Promise<void> {
  if (dockets.length === 0) return;
  const every = await circuits.allCircuits(tx);
  const selecting = await circuits.circuitsSelectingEach(
    tx,
    dockets.map((d) => d.dck_id),
    every,
    now,
  );
  await notifyDockets(
    tx,
    dockets.map((docket) => ({
      ...noticeHead(docket),
      from: docket.dck_status,
      dck_status: docket.dck_status,
      event,
      circuits: (selecting.get(docket.dck_id) ?? []).sort(),
    })),
  );
}
