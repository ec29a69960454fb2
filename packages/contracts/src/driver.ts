import { z } from 'zod';
import { databaseName, dbId, str, theme } from './common';
import { barcodeText, latitude, longitude } from './tracking';
import { docketAddressRow } from './dockets';

/**
 * The driver page (issue 10 §2, beyond the spec): a driver signs in with the driver code and the
 * PIN the control room set, lists the dockets allocated to them, and reports collected, delivered
 * (signed-by, a drawn signature, an optional photo) and exceptions, barcode scans and positions.
 * Every report carries an Idempotency-Key so a queued one sent twice is applied once.
 */

/** POST /api/driver/auth/login body: tenant, driver code (any case) and PIN. */
export const driverLoginRequest = z.object({
  database: databaseName(),
  drv_driver: str().trim().min(1, 'Driver code is required').max(10),
  pin: str().min(1, 'PIN is required').max(12),
});
export type DriverLoginRequest = z.infer<typeof driverLoginRequest>;

/** The driver session: who and which tenant (name and theme). */
export const driverSession = z.object({
  drv_driver: z.string(),
  drv_name: z.string(),
  tenant: z.object({ name: z.string(), theme }),
});
export type DriverSession = z.infer<typeof driverSession>;

/** driver/auth/login answer: the session and its bearer token (the page uses the cookie). */
export const driverLoginResponse = driverSession.extend({ token: z.string() });

/** Messages of the driver page. */
export const DRIVER_MSG = {
  badLogin: 'The driver code or PIN is incorrect',
  pinLocked:
    'Too many wrong PINs for this driver, please try again in an hour or ask the control room for a new PIN',
  signIn: 'Driver sign in',
  noJobs: 'No jobs allocated to you',
  queued: 'Saved on the phone; it will be sent when the connection returns',
  notThisDocket: "Recorded, but this barcode is not one of this docket's parcels",
} as const;

/** One stop of a job: the docket address with what a driver needs to get there and call. */
export const driverStop = docketAddressRow.omit({ dadd_county: true, dadd_country: true, dadd_email: true });
export type DriverStop = z.infer<typeof driverStop>;

/** A job of driver/job/list: an allocated docket that is not complete, its stops, barcodes and stock. */
export const driverJob = z.object({
  dck_id: z.number().int(),
  dck_docket: z.number().int(),
  dck_status: z.string(),
  dsts_description: z.string(),
  dsts_color: z.string(),
  dsts_font_color: z.string(),
  /** The statuses the driver may move it to now (the control room's rules). */
  next: z.array(z.string()),
  dck_contact: z.string(),
  dck_telephone: z.string(),
  dck_cust_ref1: z.string(),
  /** The deadline of the next stop (collection before collected, else delivery), ISO or null. */
  due: z.string().nullable(),
  stops: z.array(driverStop),
  barcodes: z.array(z.object({ dab_barcode: z.string(), dab_reference: z.string() })),
  stock: z.array(
    z.object({ stk_code: z.string(), stk_description: z.string(), stk_quantity: z.number().int() }),
  ),
  /** Codes scanned on this docket so far. */
  scanned: z.array(z.string()),
});
export type DriverJob = z.infer<typeof driverJob>;

/** A place and time the phone reported (ISO time; the server's clock when absent). */
const where = {
  dtr_latitude: latitude.optional(),
  dtr_longitude: longitude.optional(),
};

/** Base64 of an image: at most `max` bytes once decoded. */
const base64Image = (max: number) =>
  z
    .string()
    .max(Math.ceil(max / 3) * 4 + 4, 'The image is too large')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Not base64');

/** The largest signature (PNG) and photo (JPEG or PNG) accepted, in bytes. */
export const SIGNATURE_MAX_BYTES = 300_000;
export const PHOTO_MAX_BYTES = 2_000_000;

/**
 * driver/job/action body: move a job on through the control room's status rules.
 * - `collected` (status P): `signed_by` who handed it over (default the collection contact), `time`
 *   when it happened (queued actions; default now).
 * - `delivered` (status D, stamped now): `signed_by`, `signature` (base64 PNG drawn on the phone),
 *   optional `photo` (base64 JPEG or PNG with its `photo_type`).
 * - `exception` (status E, stamped now): `exception`, a code of exception/list.
 * `from` is the status the page saw (409 when the docket has moved since).
 */
export const driverActionRequest = z.object({
  dck_id: dbId,
  action: z.enum(['collected', 'delivered', 'exception']),
  from: z.string().regex(/^[A-Z]$/, 'Use one status letter'),
  signed_by: str().trim().max(50).optional().default(''),
  signature: base64Image(SIGNATURE_MAX_BYTES).optional(),
  photo: base64Image(PHOTO_MAX_BYTES).optional(),
  photo_type: z.enum(['image/jpeg', 'image/png']).optional(),
  exception: str().trim().max(10).optional().default(''),
  time: z.iso.datetime({ offset: true }).optional(),
  ...where,
});
export type DriverActionRequest = z.input<typeof driverActionRequest>;

/** driver/job/action answer: the docket's new status. */
export const driverActionResponse = z.object({
  dck_id: z.number().int(),
  dck_docket: z.number().int(),
  dck_status: z.string(),
  dck_status_time: z.string(),
});
export type DriverActionResponse = z.infer<typeof driverActionResponse>;

/** driver/scan body: a barcode scanned or typed on a job, optionally in a container (`dtr_box`). */
export const driverScanRequest = z.object({
  dck_id: dbId,
  barcode: barcodeText,
  dtr_box: str().trim().max(40).optional().default(''),
  time: z.iso.datetime({ offset: true }).optional(),
  ...where,
});
export type DriverScanRequest = z.input<typeof driverScanRequest>;

/** driver/scan answer: the trace record's id and whether the code is one of the docket's barcodes or stock codes. */
export const driverScanResponse = z.object({
  dtr_id: z.number().int(),
  dck_docket: z.number().int(),
  barcode: z.string(),
  matched: z.boolean(),
  dab_reference: z.string(),
});
export type DriverScanResponse = z.infer<typeof driverScanResponse>;

/** One position of the phone: degrees, and when (ISO). */
export const driverPosition = z.object({
  dtr_latitude: latitude,
  dtr_longitude: longitude,
  time: z.iso.datetime({ offset: true }),
});

/** The most positions one driver/position call takes (a phone back online after a while). */
export const POSITION_BATCH_MAX = 200;

/** driver/position body: a batch of positions, oldest first; each becomes a trace record per live job. */
export const driverPositionRequest = z.object({
  positions: z.array(driverPosition).min(1, 'No positions').max(POSITION_BATCH_MAX),
});
export type DriverPositionRequest = z.input<typeof driverPositionRequest>;

/** driver/position answer: how many trace records were written. */
export const driverPositionResponse = z.object({ recorded: z.number().int() });

/** The Idempotency-Key every driver report must carry (the offline queue's key of the action). */
export const requiredIdempotencyHeader = z.object({
  'idempotency-key': z.string().regex(/^[\x21-\x7e]{1,100}$/, 'Use 1 to 100 printable characters'),
});
