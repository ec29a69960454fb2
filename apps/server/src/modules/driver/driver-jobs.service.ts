import {
  allowedNext,
  MSG,
  type DriverActionResponse,
  type DriverJob,
  type DriverScanResponse,
  type ExceptionRow,
  type driverActionRequest,
  type driverPositionRequest,
  type driverScanRequest,
} from '@courier/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { AppError, validationError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { applyStatusChange, notifyDocketEvents, type ChangeDocket } from '../control/status-change.service';
import * as statusRepo from '../control/status.repository';
import { notifyLater } from '../events/events.repository';
import { addressesOf } from '../dockets/dockets.repository';
import { idempotencyOf, keyReused, once, replayed } from '../idempotency/idempotency.service';
import * as tracking from '../tracking/tracking.repository';
import { afterStatusChange, type NoticeDeps } from '../tracking/tracking-notice.service';
import type { DriverContext } from './driver-auth.service';
import * as repo from './driver.repository';
import { ACTION_STATUS } from './action-status';

/**
 * The driver page's calls (issue 10 §2): the driver's jobs, and the reports that move them on, each
 * applied once per Idempotency-Key (the page's offline queue may send one twice). A driver reaches
 * only their open jobs (allocated to them, not complete): any other docket is 404 'Docket not found'.
 */

/** What the driver calls need beyond the caller. */
export interface DriverDeps extends Partial<Omit<NoticeDeps, 'clock'>> {
  clock: Clock;
  /** Where a failed batch of live notices is reported (the server's log). */
  onNotifyError?: (err: unknown) => void;
}

/** A phone's clock may run this far ahead of the server's. */
const FUTURE_SLACK_MS = 60_000;
/** How far back a queued report may be dated (a phone offline for a shift). */
const PAST_LIMIT_MS = 24 * 3_600_000;

const notFound = () => new AppError('NOT_FOUND', MSG.docketNotFound, { dck_id: MSG.docketNotFound });

/** The docket if it is one of the driver's open jobs (allocated, not complete); 404 otherwise. */
async function ownDocket(ctx: DriverContext, db: Executor, dckId: number): Promise<ChangeDocket> {
  const d = await statusRepo.docketOfDriver(db, dckId, ctx.driver.drv_driver);
  if (!d) throw notFound();
  return d;
}

/** When a report happened: its ISO `time`, neither ahead of `now` nor more than a day back (400 naming `field`), else now. */
function reportTime(time: string | undefined, now: Date, field: string): Date {
  if (time === undefined) return now;
  const t = new Date(time);
  if (t.getTime() > now.getTime() + FUTURE_SLACK_MS)
    throw validationError({ [field]: 'The time cannot be in the future' });
  if (t.getTime() < now.getTime() - PAST_LIMIT_MS)
    throw validationError({ [field]: 'The time is more than a day ago' });
  return t;
}

/** The idempotency scope of a driver's report: the key within the driver and the call. */
const idemOf = (ctx: DriverContext, call: string, key: string, body: unknown) =>
  idempotencyOf(0, `driver/${call}:${ctx.driver.drv_driver}`, key, body);

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * POST /api/driver/job/list: the driver's allocated dockets that are not complete, soonest due
 * first (the collection deadline before collection, else the delivery deadline; then by number),
 * with their stops (addresses, contacts, telephones, coordinates for the map link), barcodes,
 * stock, codes already scanned, and the statuses the rules allow next.
 */
export async function jobList(ctx: DriverContext): Promise<DriverJob[]> {
  const jobs = await repo.openJobs(ctx.db, ctx.driver.drv_driver);
  if (jobs.length === 0) return [];
  const ids = jobs.map((j) => j.dck_id);
  const [statuses, stops, codes, stock, scans] = await Promise.all([
    statusRepo.listStatuses(ctx.db),
    repo.stopsOf(ctx.db, ids),
    repo.barcodesOf(ctx.db, ids),
    repo.stockOfDockets(ctx.db, ids),
    repo.scansOf(ctx.db, ids),
  ]);
  const out = jobs.map((j): DriverJob => {
    const own = stops.filter((s) => s.dadd_dck_id === j.dck_id);
    const beforeCollection = j.dck_status === 'G';
    const dueStop = beforeCollection ? own[0] : own[own.length - 1];
    return {
      ...j,
      dck_docket: Number(j.dck_docket),
      next: allowedNext(statuses, j.dck_status),
      due: iso(dueStop?.dadd_deadline ?? null),
      stops: own.map((s) => ({
        dadd_id: s.dadd_id,
        dadd_seq: s.dadd_seq,
        dadd_addresstype: s.dadd_addresstype,
        dadd_companyname: s.dadd_companyname,
        dadd_build: s.dadd_build,
        dadd_street: s.dadd_street,
        dadd_locality: s.dadd_locality,
        dadd_town: s.dadd_town,
        dadd_postalcode: s.dadd_postalcode,
        dadd_latitude: s.dadd_latitude,
        dadd_longitude: s.dadd_longitude,
        dadd_name: s.dadd_name,
        dadd_telephone: s.dadd_telephone,
        dadd_ready: iso(s.dadd_ready),
        dadd_deadline: iso(s.dadd_deadline),
      })),
      barcodes: codes.filter((c) => c.dck_id === j.dck_id).map(({ dck_id: _d, ...c }) => c),
      stock: stock.filter((s) => s.dck_id === j.dck_id).map(({ dck_id: _d, ...s }) => s),
      scanned: scans.filter((s) => s.dck_id === j.dck_id).map((s) => s.code),
    };
  });
  const dueMs = (j: DriverJob) => (j.due ? Date.parse(j.due) : Number.MAX_SAFE_INTEGER);
  return out.sort((a, b) => dueMs(a) - dueMs(b) || a.dck_docket - b.dck_docket);
}

/** POST /api/driver/exception/list: the active exception reasons (exception/list for the driver page). */
export const exceptionList = (ctx: DriverContext): Promise<ExceptionRow[]> =>
  statusRepo.listExceptions(ctx.db);

/** Decoded image bytes, or 400 naming `field` when they are not the media type they claim. */
function imageBytes(base64: string, type: 'image/png' | 'image/jpeg', field: string): Buffer {
  const bytes = Buffer.from(base64, 'base64');
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (type === 'image/png' ? !png : !jpeg)
    throw validationError({ [field]: `Not a ${type.slice(6).toUpperCase()} image` });
  return bytes;
}

/**
 * POST /api/driver/job/action (Idempotency-Key required): moves the driver's job on through the
 * control room's rules (applyStatusChange: allowed next statuses, compare-and-set on `from` → 409,
 * status history, trace record, audit, live event):
 * - `collected` → P, signed by `signed_by` or else the collection contact (or the driver);
 * - `delivered` → D with `signed_by` (400 when empty) and `signature` (a PNG, 400 naming it when
 *   missing or not a PNG), stored with the delivery address, time and position; optional `photo`;
 * - `exception` → E with `exception`, an active reason (400 naming it), signed by the driver.
 * 404 for a docket that is not one of the driver's open jobs. A repeated key answers the first result, even once
 * the job has been reallocated or completed since. After the commit a collection's or delivery's
 * tracking e-mail goes out in the background.
 */
export async function jobAction(
  ctx: DriverContext,
  deps: DriverDeps,
  input: z.output<typeof driverActionRequest>,
  key: string,
): Promise<DriverActionResponse> {
  const now = deps.clock.now();
  const driver = ctx.driver;
  return once(
    ctx.db,
    idemOf(ctx, 'job/action', key, input),
    now,
    async (tx) => {
      // Inside: a report replayed after the job was reallocated gets its first answer, not 404.
      const docket = await ownDocket(ctx, tx, input.dck_id);
      const stops = await addressesOf(tx, docket.dck_id);
      let signed_by = input.signed_by;
      let signature: Buffer | undefined;
      let photo: Buffer | undefined;
      if (input.action === 'collected') signed_by ||= stops[0]?.dadd_name || driver.drv_name;
      if (input.action === 'exception') {
        if (!input.exception) throw validationError({ exception: 'Choose a reason' });
        signed_by = driver.drv_name;
      }
      if (input.action === 'delivered') {
        if (!input.signature) throw validationError({ signature: 'A signature is required' });
        signature = imageBytes(input.signature, 'image/png', 'signature');
      }
      if (input.photo) {
        if (!input.photo_type) throw validationError({ photo_type: 'Say whether the photo is JPEG or PNG' });
        photo = imageBytes(input.photo, input.photo_type, 'photo');
      }
      const where = { dtr_latitude: input.dtr_latitude, dtr_longitude: input.dtr_longitude };
      const saved = await applyStatusChange(
        tx,
        now,
        docket,
        {
          docket: docket.dck_docket,
          from: input.from,
          status: ACTION_STATUS[input.action],
          driver: '',
          exception: input.action === 'exception' ? input.exception : '',
          reason: '',
          signed_by: signed_by.slice(0, 50),
          time: input.action === 'collected' ? input.time : undefined,
        },
        { ausr_id: null, logon: `driver ${driver.drv_driver}` },
        {
          where,
          within: async (t) => {
            const stop = input.action === 'collected' ? stops[0] : stops[stops.length - 1];
            if (signature)
              await tracking.insertSignature(t, {
                dsig_dck_id: docket.dck_id,
                dsig_dadd_id: stop?.dadd_id ?? null,
                drv_driver: driver.drv_driver,
                dsig_signed_by: signed_by,
                dsig_time: now,
                dsig_latitude: where.dtr_latitude ?? null,
                dsig_longitude: where.dtr_longitude ?? null,
                dsig_png: signature,
              });
            if (photo && input.photo_type)
              await tracking.insertPhoto(t, {
                dpho_dck_id: docket.dck_id,
                dpho_dadd_id: stop?.dadd_id ?? null,
                drv_driver: driver.drv_driver,
                dpho_time: now,
                dpho_type: input.photo_type,
                dpho_bytes: photo,
              });
          },
        },
      );
      return {
        dck_id: saved.dck_id,
        dck_docket: saved.dck_docket,
        dck_status: saved.dck_status,
        dck_status_time: saved.dck_status_time,
      };
    },
    (answer) => afterStatusChange(deps, ctx.tenant, answer.dck_status),
  );
}

/**
 * POST /api/driver/scan (Idempotency-Key required): a barcode scanned or typed on one of the
 * driver's dockets becomes a trace record (item = the code, `dab_reference` of the matching docket
 * barcode), pushed on the live stream. `matched` when the code is one of the docket's barcodes or
 * stock codes. 404 for a docket that is not one of the driver's open jobs.
 */
export async function scan(
  ctx: DriverContext,
  deps: DriverDeps,
  input: z.output<typeof driverScanRequest>,
  key: string,
): Promise<DriverScanResponse> {
  const now = deps.clock.now();
  const time = reportTime(input.time, now, 'time');
  return once(ctx.db, idemOf(ctx, 'scan', key, input), now, async (tx) => {
    const docket = await ownDocket(ctx, tx, input.dck_id);
    const [codes, stock] = await Promise.all([
      repo.barcodesOf(tx, [docket.dck_id]),
      repo.stockOfDockets(tx, [docket.dck_id]),
    ]);
    const barcode = codes.find((c) => c.dab_barcode.toUpperCase() === input.barcode.toUpperCase());
    const inStock = stock.some((s) => s.stk_code.toUpperCase() === input.barcode.toUpperCase());
    const [dtr_id] = await tracking.insertTraceRecords(tx, [
      {
        dtr_dck_id: docket.dck_id,
        drv_driver: ctx.driver.drv_driver,
        dtr_kind: 'scan',
        dtr_scandate: time,
        dtr_recorded: now,
        tloc_description: 'Scanned',
        dtr_item: input.barcode,
        dtr_box: input.dtr_box,
        dab_reference: barcode?.dab_reference ?? '',
        dtr_latitude: input.dtr_latitude ?? null,
        dtr_longitude: input.dtr_longitude ?? null,
      },
    ]);
    await notifyDocketEvents(tx, [docket], now, 'scan');
    return {
      dtr_id: dtr_id!,
      dck_docket: docket.dck_docket,
      barcode: input.barcode,
      matched: barcode !== undefined || inStock,
      dab_reference: barcode?.dab_reference ?? '',
    };
  });
}

/**
 * POST /api/driver/position (Idempotency-Key required): a batch of the phone's positions, each
 * becoming a trace record on every open job of the driver (none when they have none), with one
 * live event per job (sent just after the commit, batched: notifyLater). 400 naming `positions.{i}.time` for a time ahead of the clock or over a day back.
 * The hottest call of the driver page (every phone, every 30 s): one statement, one round trip
 * (repo.recordPositions), with the semantics of `once`: a repeated key answers the first result
 * and writes nothing; the same key with another request is 422 naming the header.
 */
export async function positions(
  ctx: DriverContext,
  deps: DriverDeps,
  input: z.output<typeof driverPositionRequest>,
  key: string,
): Promise<{ recorded: number }> {
  const now = deps.clock.now();
  const times = input.positions.map((p, i) => reportTime(p.time, now, `positions.${i}.time`));
  const idem = idemOf(ctx, 'position', key, input)!;
  const out = await repo.recordPositions(ctx.db, {
    route: idem.route,
    key: idem.key,
    requestHash: idem.requestHash,
    now,
    driver: ctx.driver.drv_driver,
    positions: input.positions.map((p, i) => ({ ...p, time: times[i]! })),
  });
  if (out.answer) {
    notifyLater(ctx.db, out.notices, deps.onNotifyError ?? (() => undefined));
    return out.answer;
  }
  if (out.earlier_hash !== null) {
    if (out.earlier_hash !== idem.requestHash) throw keyReused();
    return out.earlier_answer!;
  }
  // A concurrent report with this key committed while this one ran: answer what it stored.
  return replayed<{ recorded: number }>(ctx.db, idem);
}
