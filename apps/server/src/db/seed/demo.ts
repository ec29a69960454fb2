import { count, eq, inArray } from 'drizzle-orm';
import { BOOKING_LIMITS } from '@courier/contracts';
import type { Db } from '../client';
import * as s from '../schema';
import type { GeoIndex, OpenAddress } from '../../lib/geo';
import { trackingReference } from '../../lib/tokens';
import { hashPassword } from '../../modules/auth/login.service';
import { addressColumnsOf, nextDocketNumber } from '../../modules/dockets/dockets.repository';
import { splitOpenAddress } from '../../modules/postcode/open-address';
import { routeMiles } from '../../modules/postcode/postcode.service';
import { priceJob, travelMinutes } from '../../modules/pricing/pricing.service';
import {
  BUSINESS_UNITS,
  CIRCUITS,
  CUSTOMER_REPORTS,
  LEGACY_REPORT_PATHS,
  DEMO_DRIVERS,
  DOCKET_STATUSES,
  REPORTS,
  SERVICE_TYPES,
  SETTINGS,
  SITES,
  TARIFFS,
} from './reference-data';
import { pick, prng } from './random';
import { seedDriverPins, seedTracking } from './tracking';

/** The demo logins printed at start. */
export const DEMO_LOGINS = [
  { username: 'admin', password: 'Admin#2026', what: 'every right' },
  { username: 'customer', password: 'Customer#2026', what: 'books and tracks on two accounts' },
  {
    username: 'control',
    password: 'Control#2026',
    what: 'home and control: changes "All live jobs", reads "North West collections"',
  },
  {
    username: 'secure',
    password: 'Secure#2026',
    what: 'like customer, signs in with an e-mailed one-time code',
  },
  { username: 'expired', password: 'Expired#2026', what: 'like customer, must change the password first' },
] as const;

const ALL_RIGHTS = {
  ausr_rights_booking: 'T',
  ausr_rights_history: 'T',
  ausr_rights_price: 'T',
  ausr_booking_summary: 'T',
  ausr_booking_complete: 'T',
  ausr_rights_password: 'T',
  ausr_rights_control: 'T',
  ausr_rights_trace: 'T',
  ausr_rights_admin: 'T',
  ausr_rights_addressbook: 'T',
  ausr_rights_reports: 'T',
  ausr_rights_system: 'T',
  ausr_rights_api: 'T',
  ausr_rights_export: 'T',
} as const;

const CUSTOMER_RIGHTS = {
  ausr_rights_booking: 'T',
  ausr_rights_history: 'T',
  ausr_rights_price: 'T',
  ausr_booking_summary: 'T',
  ausr_booking_complete: 'T',
  ausr_rights_password: 'T',
  ausr_rights_trace: 'T',
  ausr_rights_addressbook: 'T',
  ausr_rights_reports: 'T',
} as const;

const CONTACTS = [
  'Amira Khan',
  'Tom Fletcher',
  'Grace Okafor',
  'Liam Murphy',
  'Sophie Turner',
  'Raj Patel',
  'Ellie Hughes',
  'Dan Price',
];

const cut = (v: string, n: number) => v.slice(0, n);

/** A docket address from an open-data address, cut to the booking limits. */
function docketAddressOf(a: OpenAddress, seq: number, type: 0 | 1, contact: string) {
  const p = splitOpenAddress(a);
  return {
    dadd_seq: seq,
    dadd_addresstype: type,
    dadd_companyname: cut(p.company, BOOKING_LIMITS.dadd_companyname),
    dadd_build: cut(p.build, BOOKING_LIMITS.dadd_build),
    dadd_street: cut(p.street, BOOKING_LIMITS.dadd_street),
    dadd_locality: cut(p.locality, BOOKING_LIMITS.dadd_locality),
    dadd_town: cut(p.town, BOOKING_LIMITS.dadd_town),
    dadd_county: cut(p.county, BOOKING_LIMITS.dadd_county),
    dadd_country: 'United Kingdom',
    dadd_postalcode: p.postcode,
    dadd_latitude: p.latitude,
    dadd_longitude: p.longitude,
    dadd_name: contact,
  };
}

/** A customer address (address book, limits of spec "access…" §5) from an open-data address. */
function customerAddressOf(a: OpenAddress, custId: number, type: number) {
  const p = splitOpenAddress(a);
  return {
    cadd_cust_id: custId,
    cadd_coname: cut(p.company, 50),
    cadd_build: cut(p.build, 50),
    cadd_street: cut(p.street, 110),
    cadd_locality: cut(p.locality, 50),
    cadd_town: cut(p.town, 50),
    cadd_county: cut(p.county, 50),
    cadd_postalcode: p.postcode,
    cadd_latitude: p.latitude,
    cadd_longitude: p.longitude,
    cadd_address_type: type,
  };
}

export interface SeedOptions {
  tenantName: string;
  /** Dockets spread over the last 30 days. */
  dockets: number;
  now: Date;
}

/** Status of a seeded docket from its age in hours. */
function statusForAge(hours: number, rand: () => number): string {
  if (hours < 3) return pick(rand, ['W', 'O', 'G']);
  if (hours < 24) return pick(rand, ['G', 'P', 'T', 'T', 'D']);
  if (hours < 72) return pick(rand, ['T', 'D', 'D', 'E', 'Q']);
  return rand() < 0.08 ? pick(rand, ['B', 'C', 'R']) : pick(rand, ['D', 'D', 'I']);
}

/** Statuses with a driver allocated (G and every later one). */
const WITH_DRIVER = new Set(['G', 'P', 'T', 'E', 'Q', 'D', 'R', 'I']);
/** Statuses before collection: the board counts down to the collection deadline. */
const BEFORE_COLLECTION = new Set(['W', 'O', 'G']);

/**
 * A seeded docket's control-room fields: its driver, when it entered its status, and deadlines
 * (ms). Live dockets are due from half an hour ago to a few hours ahead, so some count down.
 */
function controlExtras(day: () => number, status: string, booked: number, now: number) {
  const live = !['D', 'R', 'B', 'C', 'I', 'F'].includes(status);
  const collectBy =
    live && BEFORE_COLLECTION.has(status) ? now + (day() * 210 - 30) * 60_000 : booked + 2 * 3_600_000;
  const deliverBy = live ? Math.max(collectBy, now + (day() * 300 - 20) * 60_000) : booked + 6 * 3_600_000;
  return {
    driver: WITH_DRIVER.has(status) ? pick(day, DEMO_DRIVERS).drv_driver : null,
    statusTime: Math.min(now, booked + day() * 4 * 3_600_000),
    collectBy,
    deliverBy,
  };
}

/**
 * The demo control room: six drivers, three circuits, `admin` linked to all with updates, `control`
 * to "All live jobs" (updates) and "North West collections" (read-only). `userId` finds a demo user.
 */
async function insertControlRoom(tx: Db, userId: (logon: string) => number | undefined): Promise<void> {
  await tx.insert(s.drivers).values(DEMO_DRIVERS);
  const rows = await tx
    .insert(s.circuits)
    .values(CIRCUITS)
    .returning({ cir_id: s.circuits.cir_id, cir_circ_code: s.circuits.cir_circ_code });
  const cir = (code: string) => rows.find((c) => c.cir_circ_code === code)!.cir_id;
  const admin = userId('admin');
  const control = userId('control');
  const links = [
    ...(admin === undefined
      ? []
      : rows.map((c) => ({
          acia_ausr_id: admin,
          acia_cir_id: c.cir_id,
          acia_update: 'T',
          acia_refresh: 30,
        }))),
    ...(control === undefined
      ? []
      : [
          { acia_ausr_id: control, acia_cir_id: cir('LIVE'), acia_update: 'T', acia_refresh: 30 },
          { acia_ausr_id: control, acia_cir_id: cir('NWCOLL'), acia_update: 'F', acia_refresh: 60 },
        ]),
  ];
  if (links.length) await tx.insert(s.circuitUsers).values(links);
}

/**
 * A demo database seeded before the control room existed gets the demo control room (drivers,
 * circuits and links) once: when it has neither circuits nor drivers. True when it did.
 */
export async function seedControlRoomIfMissing(db: Db): Promise<boolean> {
  const [c] = await db.select({ n: count() }).from(s.circuits);
  const [d] = await db.select({ n: count() }).from(s.drivers);
  if (Number(c!.n) > 0 || Number(d!.n) > 0) return false;
  const demo = await db
    .select({ ausr_id: s.users.ausr_id, ausr_logon: s.users.ausr_logon })
    .from(s.users)
    .where(inArray(s.users.ausr_logon, ['admin', 'control']));
  await db.transaction((tx) =>
    insertControlRoom(tx, (logon) => demo.find((u) => u.ausr_logon === logon)?.ausr_id),
  );
  return true;
}

/**
 * The demo sites, business units and reports (user administration), `admin` linked to every report
 * and `customer` to CUSTOMER_REPORTS. `userId` finds a demo user.
 */
async function insertUserAdminData(tx: Db, userId: (logon: string) => number | undefined): Promise<void> {
  const siteRows = await tx.insert(s.sites).values(SITES).returning({ site_id: s.sites.site_id });
  await tx
    .insert(s.businessUnits)
    .values(BUSINESS_UNITS.map((b) => ({ bu_name: b.bu_name, bu_site_id: siteRows[b.site]!.site_id })));
  const reportRows = await tx
    .insert(s.reports)
    .values(REPORTS)
    .returning({ rpt_id: s.reports.rpt_id, rpt_path: s.reports.rpt_path });
  const admin = userId('admin');
  const customer = userId('customer');
  const links = [
    ...(admin === undefined ? [] : reportRows.map((r) => ({ urpt_ausr_id: admin, urpt_rpt_id: r.rpt_id }))),
    ...(customer === undefined
      ? []
      : reportRows
          .filter((r) => CUSTOMER_REPORTS.includes(r.rpt_path))
          .map((r) => ({ urpt_ausr_id: customer, urpt_rpt_id: r.rpt_id }))),
  ];
  if (links.length) await tx.insert(s.userReports).values(links);
}

/** The ids of the demo users by logon (those that exist). */
async function demoUserIds(db: Db, logons: string[]) {
  const rows = await db
    .select({ ausr_id: s.users.ausr_id, ausr_logon: s.users.ausr_logon })
    .from(s.users)
    .where(inArray(s.users.ausr_logon, logons));
  return (logon: string) => rows.find((u) => u.ausr_logon === logon)?.ausr_id;
}

/**
 * A demo database seeded before user administration existed gets its demo sites, business units
 * and reports once: when it has none of them. True when it did.
 */
export async function seedUserAdminIfMissing(db: Db): Promise<boolean> {
  const [r] = await db.select({ n: count() }).from(s.reports);
  const [si] = await db.select({ n: count() }).from(s.sites);
  if (Number(r!.n) > 0 || Number(si!.n) > 0) return false;
  const userId = await demoUserIds(db, ['admin']);
  await db.transaction((tx) => insertUserAdminData(tx, userId));
  return true;
}

/**
 * A demo database seeded before reports had definitions gets them (issue 12 §3): its old demo
 * report rows (LEGACY_REPORT_PATHS) take the description and path of the definition they became,
 * keeping their links, and a definition no row names yet is added, linked to `admin`. True when
 * anything changed.
 */
export async function seedReportDefinitionsIfMissing(db: Db): Promise<boolean> {
  const existing = await db
    .select({ rpt_id: s.reports.rpt_id, rpt_path: s.reports.rpt_path })
    .from(s.reports);
  if (existing.length === 0) return false;
  const missing = REPORTS.filter((r) => !existing.some((e) => e.rpt_path === r.rpt_path));
  if (missing.length === 0) return false;
  const admin = (await demoUserIds(db, ['admin']))('admin');
  await db.transaction(async (tx) => {
    for (const report of missing) {
      const legacy = existing.find((e) => LEGACY_REPORT_PATHS[e.rpt_path] === report.rpt_path);
      if (legacy) {
        await tx.update(s.reports).set(report).where(eq(s.reports.rpt_id, legacy.rpt_id));
        continue;
      }
      const [row] = await tx.insert(s.reports).values(report).returning({ rpt_id: s.reports.rpt_id });
      if (admin !== undefined)
        await tx.insert(s.userReports).values({ urpt_ausr_id: admin, urpt_rpt_id: row!.rpt_id });
    }
  });
  return true;
}

/** True when the tenant has no users yet (first start). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(s.users);
  return Number(row!.n) === 0;
}

/**
 * Seeds reference data, three demo users, three accounts with real UK addresses and
 * `opts.dockets` dockets between real addresses, in one transaction.
 */
export async function seedDemo(db: Db, geo: GeoIndex, opts: SeedOptions): Promise<void> {
  const rand = prng(opts.tenantName);
  const pool = geo.addresses;
  const code = opts.tenantName
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 4)
    .toUpperCase();
  const [adminHash, customerHash, controlHash, secureHash, expiredHash] = await Promise.all(
    DEMO_LOGINS.map((l) => hashPassword(l.password)),
  );
  await db.transaction(async (tx) => {
    await tx.insert(s.docketStatuses).values(DOCKET_STATUSES);
    await tx.insert(s.serviceTypes).values(SERVICE_TYPES);
    await tx.insert(s.tariffTypes).values(TARIFFS);
    await tx.insert(s.settings).values(SETTINGS);

    const accountDefs = [
      { name: `${opts.tenantName} Pharmacy Supplies`, mop: 'A', tariff: 5 },
      { name: `${opts.tenantName} Medical Couriers`, mop: 'A', tariff: 4 },
      { name: `${opts.tenantName} Walk-in Card Customer`, mop: 'O', tariff: 4 },
    ];
    const accounts = await tx
      .insert(s.customers)
      .values(
        accountDefs.map((a, i) => ({
          cust_name: a.name,
          cust_acc_code: `${code}${String(i + 1).padStart(3, '0')}`,
          cust_mop: a.mop,
          cust_maintariff: a.tariff,
          cust_mainservice: 'A',
          cust_mainemail: `accounts${i + 1}@example.com`,
          cust_ref1_lbl: 'Order number',
          cust_ref1_req: i === 1 ? 'T' : 'F',
          cust_ref2_lbl: 'Cost centre',
          cust_ref5_lbl: 'Site type',
          cust_ref5_fromlist: 'T',
        })),
      )
      .returning({ cust_id: s.customers.cust_id });
    const custIds = accounts.map((a) => a.cust_id);
    // Guests' quotes book on the walk-in card account (spec "access…" §3 default.aset_quote_customer).
    await tx
      .insert(s.settings)
      .values({ sett_group: 'default', sett_key: 'aset_quote_customer', sett_value: String(custIds[2]) });
    for (const id of custIds) {
      await tx.insert(s.customerContacts).values(
        CONTACTS.slice(0, 4).map((name, i) => ({
          ccnt_cust_id: id,
          ccnt_name: name,
          ccnt_telephone: `0161 496 00${10 + i}`,
          ccnt_email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
        })),
      );
      await tx.insert(s.customerReferences).values(
        ['Pharmacy', 'Clinic', 'Warehouse', 'Head office'].map((d) => ({
          cref_cust_id: id,
          cref_ref_type: 5,
          cref_description: d,
        })),
      );
      await tx
        .insert(s.customerAddresses)
        .values([
          customerAddressOf(pick(rand, pool), id, 0),
          ...Array.from({ length: 8 }, () => customerAddressOf(pick(rand, pool), id, 1)),
        ]);
    }

    const users = await tx
      .insert(s.users)
      .values([
        {
          ausr_logon: 'admin',
          ausr_password: adminHash!,
          ausr_firstname: 'Alex',
          ausr_lastname: 'Admin',
          ausr_email: 'admin@example.com',
          ausr_cust_id: custIds[0],
          ...ALL_RIGHTS,
        },
        {
          ausr_logon: 'customer',
          ausr_password: customerHash!,
          ausr_firstname: 'Casey',
          ausr_lastname: 'Customer',
          ausr_email: 'customer@example.com',
          ausr_cust_id: custIds[0],
          ...CUSTOMER_RIGHTS,
        },
        {
          ausr_logon: 'control',
          ausr_password: controlHash!,
          ausr_firstname: 'Chris',
          ausr_lastname: 'Control',
          ausr_email: 'control@example.com',
          // Every user has an account (spec "bookings…" §5 User save): without one an administrator
          // could not save this user. The control room shows circuits, whatever the account.
          ausr_cust_id: custIds[0],
          ausr_rights_control: 'T',
        },
        {
          ausr_logon: 'secure',
          ausr_password: secureHash!,
          ausr_firstname: 'Sam',
          ausr_lastname: 'Secure',
          ausr_email: 'secure@example.com',
          ausr_cust_id: custIds[0],
          ausr_rights_otp: 'T',
          ...CUSTOMER_RIGHTS,
        },
        {
          ausr_logon: 'expired',
          ausr_password: expiredHash!,
          ausr_firstname: 'Eve',
          ausr_lastname: 'Expired',
          ausr_email: 'expired@example.com',
          ausr_cust_id: custIds[0],
          ausr_password_expired: 'T',
          ...CUSTOMER_RIGHTS,
        },
      ])
      .returning({ ausr_id: s.users.ausr_id, ausr_logon: s.users.ausr_logon });
    const id = (logon: string) => users.find((u) => u.ausr_logon === logon)!.ausr_id;
    await tx
      .insert(s.userAccounts)
      .values([
        ...custIds.map((c) => ({ uacc_ausr_id: id('admin'), uacc_cust_id: c })),
        { uacc_ausr_id: id('customer'), uacc_cust_id: custIds[0]! },
        { uacc_ausr_id: id('customer'), uacc_cust_id: custIds[1]! },
        { uacc_ausr_id: id('secure'), uacc_cust_id: custIds[0]! },
        { uacc_ausr_id: id('expired'), uacc_cust_id: custIds[0]! },
        { uacc_ausr_id: id('control'), uacc_cust_id: custIds[0]! },
      ]);

    await insertControlRoom(tx, id);
    await insertUserAdminData(tx, id);

    // The control room's extras come from their own sequence, so the rest of the demo data stays
    // as it was: a third of the dockets are today's (the board's working day), live ones carry
    // deadlines around now, and allocated ones a driver.
    const day = prng(`${opts.tenantName} control room`);
    const spanMs = 30 * 86_400_000;
    const times = Array.from({ length: opts.dockets }, () => {
      const t = opts.now.getTime() - rand() * spanMs;
      return day() < 0.35 ? opts.now.getTime() - day() * 10 * 3_600_000 : t;
    }).sort((a, b) => a - b);
    for (const t of times) {
      const from = pick(rand, pool);
      const to = pick(rand, pool);
      const tariff = TARIFFS[pick(rand, [3, 4, 4, 5, 5, 6, 2])]!;
      const contact = pick(rand, CONTACTS);
      const addresses = [
        docketAddressOf(from, 0, 0, contact),
        docketAddressOf(to, 1, 1, pick(rand, CONTACTS)),
      ];
      const miles = routeMiles([from, to]);
      const pieces = 1 + Math.floor(rand() * 3);
      const price = priceJob(tariff, miles, pieces);
      const custId = custIds[rand() < 0.9 ? Math.floor(rand() * 2) : 2]!;
      const ref1 = `PO${Math.floor(10000 + rand() * 89999)}`;
      const n = await nextDocketNumber(tx);
      const status = statusForAge((opts.now.getTime() - t) / 3_600_000, rand);
      const control = controlExtras(day, status, t, opts.now.getTime());
      const addressRows = addresses.map((a, i) => ({
        ...a,
        dadd_ready: i === 0 ? new Date(t + 30 * 60_000) : null,
        dadd_deadline: new Date(i === 0 ? control.collectBy : control.deliverBy),
      }));
      const [docket] = await tx
        .insert(s.dockets)
        .values({
          dck_docket: n,
          dck_cust_id: custId,
          dck_ausr_id: id('customer'),
          dck_serv_type: 'A',
          dck_tariff: tariff.ttyp_tariff,
          dck_cust_ref1: ref1,
          dck_contact: contact,
          dck_telephone: '0161 496 0000',
          dck_status: status,
          dck_status_time: new Date(control.statusTime),
          drv_driver: control.driver,
          dck_booked: new Date(t),
          dck_distance: miles,
          dck_time: travelMinutes(miles, tariff.ttyp_speed_mph),
          dck_net_pence: price.net,
          dck_vat_pence: price.vat,
          dck_total_pence: price.total,
          tracking_reference: trackingReference(),
          ...addressColumnsOf(addressRows),
          dck_search: [
            n,
            ref1,
            contact,
            ...addresses.flatMap((a) => [a.dadd_companyname, a.dadd_town, a.dadd_postalcode]),
          ]
            .join(' ')
            .toLowerCase(),
        })
        .returning({ dck_id: s.dockets.dck_id });
      await tx
        .insert(s.docketAddresses)
        .values(addressRows.map((a) => ({ ...a, dadd_dck_id: docket!.dck_id })));
      await tx.insert(s.parcels).values({
        dpcl_dck_id: docket!.dck_id,
        dpcl_quantity: pieces,
        dpcl_weight: Math.round(rand() * 200) / 10 + 0.5,
      });
    }
    await seedTracking(tx, opts.tenantName, opts.now);
    await seedDriverPins(tx);
  });
}
