import { and, asc, count, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../client';
import * as s from '../schema';
import { signaturePng } from '../../lib/png';
import { hashPassword } from '../../modules/auth/login.service';
import { pick, prng } from './random';

/** The demo drivers' PIN on the driver page (printed at start with the demo logins). */
export const DEMO_DRIVER_PIN = '246810';

/** Statuses whose demo dockets get a road history: collected, in transit, exception, delivered, invoiced. */
const ON_THE_ROAD = ['P', 'T', 'E'];
const DELIVERED = ['D', 'I'];

const STOCK = [
  'Prescription tote',
  'Insulin cool box',
  'Blood sample kit',
  'Dressings carton',
  'Vaccine cool box',
  'Medical records pouch',
  'Surgical instruments tray',
];

/**
 * Trace records, stock lines and signatures for the demo dockets (issue 10 §1 demo seed): every
 * collected, in-transit, exception and delivered docket gets one to three stock lines scanned at
 * collection, status records at its addresses, positions every few minutes along the straight road
 * from collection to delivery (to where it is now for live ones), and delivered ones a signature
 * of the delivery contact's name. Deterministic per tenant; written with one statement per table.
 */
export async function seedTracking(db: Executor, tenantName: string, now: Date): Promise<void> {
  const rand = prng(`${tenantName} tracking`);
  const rows = await db
    .select({
      dck_id: s.dockets.dck_id,
      dck_docket: s.dockets.dck_docket,
      dck_status: s.dockets.dck_status,
      dck_booked: s.dockets.dck_booked,
      dck_status_time: s.dockets.dck_status_time,
      dck_cust_ref1: s.dockets.dck_cust_ref1,
      drv_driver: s.dockets.drv_driver,
    })
    .from(s.dockets)
    .where(
      and(inArray(s.dockets.dck_status, [...ON_THE_ROAD, ...DELIVERED]), isNotNull(s.dockets.drv_driver)),
    )
    .orderBy(asc(s.dockets.dck_id));
  if (rows.length === 0) return;
  const stops = await db
    .select()
    .from(s.docketAddresses)
    .where(
      inArray(
        s.docketAddresses.dadd_dck_id,
        rows.map((r) => r.dck_id),
      ),
    )
    .orderBy(asc(s.docketAddresses.dadd_dck_id), asc(s.docketAddresses.dadd_seq));

  const trace: (typeof s.traceRecords.$inferInsert)[] = [];
  const stock: (typeof s.stockLines.$inferInsert)[] = [];
  const signatures: (typeof s.docketSignatures.$inferInsert)[] = [];
  for (const d of rows) {
    const own = stops.filter((a) => a.dadd_dck_id === d.dck_id);
    const from = own[0];
    const to = own[own.length - 1];
    if (!from || !to || from.dadd_latitude === null || to.dadd_latitude === null) continue;
    const delivered = DELIVERED.includes(d.dck_status);
    const booked = d.dck_booked.getTime();
    const end = Math.min(now.getTime(), Math.max(d.dck_status_time.getTime(), booked + 60 * 60_000));
    const collected = booked + (end - booked) * 0.3;
    const arrived = delivered
      ? end
      : Math.min(now.getTime(), collected + (end - collected) * (0.4 + rand() * 0.5));
    const head = {
      dtr_dck_id: d.dck_id,
      drv_driver: d.drv_driver,
      cg_cust_ref1: d.dck_cust_ref1,
      cg_reference: `CN${d.dck_docket}`,
    };
    const at = (a: typeof from) => ({ dtr_latitude: a.dadd_latitude, dtr_longitude: a.dadd_longitude });
    trace.push({
      ...head,
      dtr_kind: 'status',
      dsts_id: 'P',
      dtr_scandate: new Date(collected),
      tloc_description: 'Collected',
      ...at(from),
    });
    const box = `BOX${1 + Math.floor(rand() * 3)}`;
    for (let i = 0, n = 1 + Math.floor(rand() * 3); i < n; i++) {
      const code = `SKU-${d.dck_docket}-${i + 1}`;
      stock.push({
        stk_dck_id: d.dck_id,
        stk_code: code,
        stk_description: pick(rand, STOCK),
        stk_quantity: 1 + Math.floor(rand() * 4),
        dtr_box: box,
      });
      trace.push({
        ...head,
        dtr_kind: 'scan',
        dtr_scandate: new Date(collected + (i + 1) * 60_000),
        tloc_description: 'Scanned',
        dtr_item: code,
        dtr_box: box,
        ...at(from),
      });
    }
    // Positions every ~6 minutes on the road; the fraction covered ends at the delivery for delivered ones.
    const legMs = Math.max(arrived - collected - 5 * 60_000, 60_000);
    const share = delivered ? 1 : 0.3 + rand() * 0.6;
    const points = Math.min(40, Math.max(3, Math.round(legMs / 360_000)));
    for (let i = 1; i <= points; i++) {
      const f = (i / (points + 1)) * share;
      trace.push({
        ...head,
        dtr_kind: 'position',
        dtr_scandate: new Date(collected + 5 * 60_000 + (legMs * i) / (points + 1)),
        dtr_latitude: from.dadd_latitude + (to.dadd_latitude - from.dadd_latitude) * f,
        dtr_longitude: from.dadd_longitude! + (to.dadd_longitude! - from.dadd_longitude!) * f,
      });
    }
    if (!delivered) continue;
    trace.push({
      ...head,
      dtr_kind: 'status',
      dsts_id: 'D',
      dtr_scandate: new Date(end),
      tloc_description: 'Delivered',
      ...at(to),
    });
    const signedBy = to.dadd_name || 'Reception';
    signatures.push({
      dsig_dck_id: d.dck_id,
      dsig_dadd_id: to.dadd_id,
      drv_driver: d.drv_driver,
      dsig_signed_by: signedBy,
      dsig_time: new Date(end),
      dsig_latitude: to.dadd_latitude,
      dsig_longitude: to.dadd_longitude,
      dsig_png: signaturePng(signedBy),
    });
  }
  // Batches keep each statement under PostgreSQL's 65,535 parameters.
  for (let i = 0; i < trace.length; i += 2000)
    await db.insert(s.traceRecords).values(trace.slice(i, i + 2000));
  for (let i = 0; i < stock.length; i += 2000) await db.insert(s.stockLines).values(stock.slice(i, i + 2000));
  for (let i = 0; i < signatures.length; i += 200)
    await db.insert(s.docketSignatures).values(signatures.slice(i, i + 200));
}

/** Gives every demo driver without a PIN the demo PIN (argon2id, as the control room would). */
export async function seedDriverPins(db: Executor): Promise<void> {
  const hash = await hashPassword(DEMO_DRIVER_PIN);
  await db.update(s.drivers).set({ drv_pin_hash: hash }).where(isNull(s.drivers.drv_pin_hash));
}

/**
 * A demo database seeded before the driver page existed gets the demo tracking data and driver
 * PINs once: when it has no trace records and no stock lines yet. True when it did.
 */
export async function seedTrackingIfMissing(db: Db, tenantName: string, now: Date): Promise<boolean> {
  const [t] = await db.select({ n: count() }).from(s.traceRecords);
  const [k] = await db.select({ n: count() }).from(s.stockLines);
  if (Number(t!.n) > 0 || Number(k!.n) > 0) return false;
  await db.transaction(async (tx) => {
    await seedTracking(tx, tenantName, now);
    await seedDriverPins(tx);
  });
  return true;
}
