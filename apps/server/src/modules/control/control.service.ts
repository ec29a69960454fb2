import {
  allowedNext,
  DEFAULT_REFRESH_SECONDS,
  needOf,
  parseSelectFields,
  stampedNow,
  type CircuitColumn,
  type CircuitDocketListResponse,
  type CircuitRow,
  type DocketStatusRow,
  type DriverRow,
  type ExceptionRow,
} from '@courier/contracts';
import type { z } from 'zod';
import type { circuitDocketListRequest, driverInput, driverListRequest } from '@courier/contracts';
import { AppError } from '../../lib/app-error';
import type { NoticeDeps } from '../tracking/tracking-notice.service';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/audit.repository';
import { assertRight, hasRight, type AuthContext } from '../auth/access';
import * as circuits from './circuits.repository';
import * as repo from './status.repository';
import { boardPagesOf } from './board-pages';
import { hashPassword } from '../auth/login.service';
import { forgetDriverSessions } from '../driver/driver-auth.service';
import { endDriverSessions } from '../driver/driver.repository';
import { forgetDriverChecks } from '../auth/credential-checks.repository';

/** What the control room needs beyond the caller. */
export interface ControlDeps extends Partial<Omit<NoticeDeps, 'clock'>> {
  clock: Clock;
}

/** Seconds between refreshes (spec "access…" §9): empty → 30, 0 → none, else as set. */
export const refreshSeconds = (acia_refresh: number | null): number =>
  acia_refresh === null ? DEFAULT_REFRESH_SECONDS : Math.max(0, acia_refresh);

const circuitRowOf = (c: circuits.LinkedCircuit): CircuitRow => ({
  cir_circ_code: c.cir_circ_code,
  cir_name: c.cir_name,
  acia_update: c.acia_update === 'T' ? 'T' : 'F',
  acia_refresh: refreshSeconds(c.acia_refresh),
  cir_countdown_minutes: c.cir_countdown_minutes,
});

/** circuit/list (control right): the circuits linked to the caller, by name; none is an empty list. */
export async function listCircuits(auth: AuthContext): Promise<CircuitRow[]> {
  assertRight(auth, 'control');
  return (await circuits.circuitsOfUser(auth.db, auth.user.ausr_id)).map(circuitRowOf);
}

/** The caller's link to circuit `code` (control right); 404 'Circuit not found' when not linked. */
async function linkedCircuit(auth: AuthContext, code: string): Promise<circuits.LinkedCircuit> {
  assertRight(auth, 'control');
  const found = (await circuits.circuitsOfUser(auth.db, auth.user.ausr_id)).find(
    (c) => c.cir_circ_code === code,
  );
  if (!found) throw new AppError('NOT_FOUND', 'Circuit not found', { code: 'Circuit not found' });
  return found;
}

/** circuit/columns/{code} (control right): the columns of the circuit's `cir_selectfields`, in order. */
export async function circuitColumns(auth: AuthContext, code: string): Promise<CircuitColumn[]> {
  return parseSelectFields((await linkedCircuit(auth, code)).cir_selectfields);
}

/**
 * circuit/docket/list/{code} (control right, linked circuit): one page of the dockets the circuit
 * selects, with its columns (`cells`, dates ISO), status colours, the countdown flag and its due
 * time; sorted by a circuit field (then docket number), filtered by text, paged in SQL; with the
 * count per status when asked. 404 when the circuit is not linked to the caller. Answers the JSON
 * text of a circuitDocketListResponse (its rows built by PostgreSQL, sent as they come). A page
 * without a search is shared for up to BOARD_KEEP_MS by the operators who watch the circuit and
 * dropped by any status change (boardPagesOf): the access check above runs on every call.
 */
export async function circuitDocketList(
  auth: AuthContext,
  deps: ControlDeps,
  code: string,
  req: z.output<typeof circuitDocketListRequest>,
): Promise<string> {
  const circuit = await linkedCircuit(auth, code);
  const read = () => readBoardPage(auth, deps, circuit, req);
  if (req.search !== '') return read();
  // The key holds everything the answer is made of: the linked circuit (its selection, columns and
  // the caller's update and refresh) and the request.
  return boardPagesOf(auth.tenant).get(JSON.stringify([circuit, req]), read);
}

/** One page of circuitDocketList, read from the database. */
async function readBoardPage(
  auth: AuthContext,
  deps: ControlDeps,
  circuit: circuits.LinkedCircuit,
  req: z.output<typeof circuitDocketListRequest>,
): Promise<string> {
  const columns = parseSelectFields(circuit.cir_selectfields);
  const now = deps.clock.now();
  const page = await circuits.circuitDockets(auth.db, {
    circuit,
    columns,
    now,
    search: req.search,
    sort: req.sort,
    pageSize: req.pageSize,
    offset: (req.page - 1) * req.pageSize,
  });
  const rest: Omit<CircuitDocketListResponse, 'rows'> = {
    circuit: circuitRowOf(circuit),
    columns,
    page: req.page,
    pageSize: req.pageSize,
    hasMore: page.hasMore,
    ...(req.counts ? { counts: await circuits.circuitCounts(auth.db, circuit, now) } : {}),
  };
  // The rows come as JSON text from PostgreSQL, in their final shape (circuitDocketRow).
  return `{"rows":${page.rows},${JSON.stringify(rest).slice(1)}`;
}

/** docket/status/list (any signed-in user): every status with its colours, allowed next statuses and needs. */
export async function listStatuses(auth: AuthContext): Promise<DocketStatusRow[]> {
  const statuses = await repo.listStatuses(auth.db);
  return statuses.map((s) => ({
    dsts_id: s.dsts_id,
    dsts_description: s.dsts_description,
    dsts_fwds: s.dsts_fwds,
    dsts_web: s.dsts_web === 'T' ? 'T' : 'F',
    dsts_color: s.dsts_color,
    dsts_font_color: s.dsts_font_color,
    dsts_complete: s.dsts_complete === 'T' ? 'T' : 'F',
    next: allowedNext(statuses, s.dsts_id),
    need: needOf(s.dsts_id),
    stamped_now: stampedNow(s.dsts_id),
  }));
}

/** exception/list (any signed-in user): the active exception reasons, by description. */
export const listExceptions = (auth: AuthContext): Promise<ExceptionRow[]> => repo.listExceptions(auth.db);

/** 403 unless the caller has the control or the admin right (drivers are theirs to see and edit). */
function assertDriverRight(auth: AuthContext): void {
  if (!hasRight(auth, 'control')) assertRight(auth, 'admin');
}

/** The most drivers driver/list answers (a search narrows them). */
export const DRIVER_LIST_MAX = 500;

/** driver/list (control or admin right): drivers by name, active only unless asked, at most 500. */
export async function listDrivers(
  auth: AuthContext,
  req: z.output<typeof driverListRequest>,
): Promise<DriverRow[]> {
  assertDriverRight(auth);
  return repo.listDrivers(auth.db, { ...req, limit: DRIVER_LIST_MAX });
}

/**
 * driver/post (control or admin right): creates the driver or updates the one with its code, with
 * an audit row, in one transaction; answers the saved driver. `drv_pin` (6–12 digits) is stored as
 * an argon2id hash like a password; a new PIN or an inactive driver ends their driver sessions. 400 naming drv_tariff for an unknown vehicle.
 */
export async function postDriver(auth: AuthContext, input: z.output<typeof driverInput>): Promise<DriverRow> {
  assertDriverRight(auth);
  const code = input.drv_driver.toUpperCase();
  const { drv_pin, ...fields } = input;
  const pinHash = drv_pin ? await hashPassword(drv_pin) : undefined;
  await auth.db.transaction(async (tx) => {
    await repo.upsertDriver(tx, { ...fields, drv_driver: code, drv_pin_hash: pinHash });
    // A new PIN or a driver made inactive ends the driver page's sessions (ARCHITECTURE rule 12).
    if (pinHash || fields.drv_active !== 'T') await endDriverSessions(tx, code);
    // A new PIN ends what the old one let anyone try: its wrong guesses no longer hold the driver out.
    if (pinHash) await forgetDriverChecks(tx, code);
    await writeAudit(tx, {
      user: auth.user.ausr_logon,
      unit: 'control',
      process: 'driver/post',
      type: 'info',
      detail: { drv_driver: code, drv_active: input.drv_active, pin_changed: pinHash !== undefined },
    });
  });
  if (pinHash || fields.drv_active !== 'T') forgetDriverSessions(auth.db, { driver: code });
  const saved = await repo.driverByCode(auth.db, code);
  if (!saved) throw new AppError('NOT_FOUND', 'Driver not found', { drv_driver: 'Driver not found' });
  return saved;
}
