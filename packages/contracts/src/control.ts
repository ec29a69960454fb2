import { z } from 'zod';
import { str, tf } from './common';

/**
 * The control room (spec "access…" §2 Control screen, §3 Circuit and Docket status, §4 Control
 * status change, §9; spec "bookings…" §3 User linked circuits, §7 driver/*, exception/list,
 * docket/status/list): circuits, their dockets, drivers, exception reasons and status changes.
 */

/** Messages of the control room, word for word where the spec gives them. */
export const CONTROL_MSG = {
  noCircuits: 'No circuits assigned to your user',
  readOnlyCircuit: 'This circuit does not allow status changes',
  loadDrivers: 'Load Drivers',
  changeTitle: 'CHANGE DOCKET STATUS',
} as const;

/** A status letter (dsts_id). */
export const statusId = z.string().regex(/^[A-Z]$/, 'Use one status letter');

// ---------------------------------------------------------------------------------------------
// Status rules (spec "access…" §4 Control status change), shared by the modal and the server.

/** Statuses never chosen in the control room whatever `dsts_fwds` says. */
export const NEVER_CHOSEN = ['F', 'W', 'O'] as const;
/** Statuses saved at once with the time set to now. */
export const STAMPED_NOW = ['B', 'C', 'D', 'E', 'Q', 'R', 'I'] as const;
/** Statuses that need a reason (an exception code of exception/list). */
export const NEEDS_REASON = ['B', 'C'] as const;
/** The status that allocates a driver: needs an active driver. */
export const ALLOCATE = 'G';

/** What a target status asks for: a reason (B, C), a driver (G) or signed-by (the others). */
export type StatusNeed = 'reason' | 'driver' | 'signed_by';

/** What changing to `status` asks for (spec "access…" §4). */
export function needOf(status: string): StatusNeed {
  if ((NEEDS_REASON as readonly string[]).includes(status)) return 'reason';
  return status === ALLOCATE ? 'driver' : 'signed_by';
}

/** True when a change to `status` is stamped now (the caller gives no time). */
export const stampedNow = (status: string): boolean => (STAMPED_NOW as readonly string[]).includes(status);

/** The fields of a docket status the rules read. */
export interface StatusRuleRow {
  dsts_id: string;
  dsts_fwds: string;
  dsts_web: string;
}

/**
 * The statuses a docket in `current` may move to: listed in its `dsts_fwds`, web 'T' and not F, W
 * or O, in `dsts_fwds` order.
 */
export function allowedNext(statuses: readonly StatusRuleRow[], current: string): string[] {
  const from = statuses.find((s) => s.dsts_id === current);
  if (!from) return [];
  return from.dsts_fwds
    .split(',')
    .map((s) => s.trim())
    .filter(
      (id) =>
        id !== '' &&
        !(NEVER_CHOSEN as readonly string[]).includes(id) &&
        statuses.some((s) => s.dsts_id === id && s.dsts_web === 'T'),
    );
}

/** docket/status/list row: a status with its colours, allowed next statuses and what it asks for. */
export const docketStatusRow = z.object({
  dsts_id: z.string(),
  dsts_description: z.string(),
  /** Comma list of the statuses a docket may move to, as stored. */
  dsts_fwds: z.string(),
  dsts_web: tf,
  dsts_color: z.string(),
  dsts_font_color: z.string(),
  dsts_complete: tf,
  /** The statuses the control room may choose from this one (allowedNext). */
  next: z.array(z.string()),
  /** What a change to this status asks for. */
  need: z.enum(['reason', 'driver', 'signed_by']),
  /** True when a change to it is stamped now. */
  stamped_now: z.boolean(),
});
export type DocketStatusRow = z.infer<typeof docketStatusRow>;

// ---------------------------------------------------------------------------------------------
// Circuits.

/**
 * The fields a circuit's `cir_selectfields` may name (one a line, `label~field` or `field`), with
 * the default label and the kind of value: dates are ISO strings shown as DD/MM HH:mm.
 */
export const CIRCUIT_FIELDS = {
  dck_docket: { label: 'Docket', kind: 'number' },
  dck_booked: { label: 'Booked', kind: 'date' },
  cust_acc_code: { label: 'Account', kind: 'text' },
  cust_name: { label: 'Customer', kind: 'text' },
  dck_cust_ref1: { label: 'Reference', kind: 'text' },
  dck_serv_type: { label: 'Service', kind: 'text' },
  ttyp_description: { label: 'Vehicle', kind: 'text' },
  dck_contact: { label: 'Contact', kind: 'text' },
  dsts_description: { label: 'Status', kind: 'text' },
  dck_status_time: { label: 'Status time', kind: 'date' },
  drv_driver: { label: 'Driver', kind: 'text' },
  drv_name: { label: 'Driver name', kind: 'text' },
  from_companyname: { label: 'From', kind: 'text' },
  from_town: { label: 'From town', kind: 'text' },
  from_postcode: { label: 'From post code', kind: 'text' },
  from_ready: { label: 'Ready', kind: 'date' },
  from_deadline: { label: 'Collect by', kind: 'date' },
  to_companyname: { label: 'To', kind: 'text' },
  to_town: { label: 'To town', kind: 'text' },
  to_postcode: { label: 'To post code', kind: 'text' },
  to_deadline: { label: 'Deliver by', kind: 'date' },
} as const satisfies Record<string, { label: string; kind: 'text' | 'number' | 'date' }>;
export type CircuitField = keyof typeof CIRCUIT_FIELDS;
export const CIRCUIT_FIELD_NAMES = Object.keys(CIRCUIT_FIELDS) as [CircuitField, ...CircuitField[]];

/** One column of a circuit: its label, field and kind. */
export const circuitColumn = z.object({
  name: z.string(),
  field: z.enum(CIRCUIT_FIELD_NAMES),
  kind: z.enum(['text', 'number', 'date']),
});
export type CircuitColumn = z.infer<typeof circuitColumn>;

/**
 * The columns of `cir_selectfields`: one a line, `label~field` or `field` (default label); blank
 * lines and unknown fields are skipped, a field named twice counts once.
 */
export function parseSelectFields(text: string): CircuitColumn[] {
  const out: CircuitColumn[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const at = line.lastIndexOf('~');
    const field = (at < 0 ? line : line.slice(at + 1)).trim();
    if (!(field in CIRCUIT_FIELDS) || out.some((c) => c.field === field)) continue;
    const def = CIRCUIT_FIELDS[field as CircuitField];
    const name = at < 0 ? def.label : line.slice(0, at).trim() || def.label;
    out.push({ name, field: field as CircuitField, kind: def.kind });
  }
  return out;
}

/** Seconds between refreshes of a board (spec "access…" §9): set but empty → 30; 0 → none. */
export const DEFAULT_REFRESH_SECONDS = 30;

/** A circuit code in a path or body. */
export const circuitCode = str().trim().min(1, 'Circuit code is required').max(10);
/** Path of circuit/columns/{code} and circuit/docket/list/{code}. */
export const circuitParams = z.object({ code: circuitCode });

/** circuit/list row: a circuit linked to the caller (spec "bookings…" §3 User linked circuits). */
export const circuitRow = z.object({
  cir_circ_code: z.string(),
  cir_name: z.string(),
  /** 'T': the caller may change the status of its dockets. */
  acia_update: tf,
  /** Seconds between refreshes, already resolved: empty → 30; 0 → none. */
  acia_refresh: z.number().int(),
  /** Minutes before a deadline at which a docket's countdown flag is set. */
  cir_countdown_minutes: z.number().int(),
});
export type CircuitRow = z.infer<typeof circuitRow>;

/** Page sizes of circuit/docket/list. */
export const CIRCUIT_PAGE_SIZES = [20, 50, 100] as const;

/** circuit/docket/list/{code} body: 1-based page, page size, sort by one of the circuit's fields, filter text. */
export const circuitDocketListRequest = z.object({
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.union([z.literal(20), z.literal(50), z.literal(100)]).default(50),
  sort: z
    .object({ column: z.enum(CIRCUIT_FIELD_NAMES), direction: z.enum(['asc', 'desc']) })
    .default({ column: 'dck_docket', direction: 'asc' }),
  /** Matches docket number, references, contact, companies, towns and post codes. */
  search: str().trim().max(100).optional().default(''),
  /** Also answer the count of the circuit's dockets per status (the board's header). */
  counts: z.boolean().optional().default(false),
});
export type CircuitDocketListRequest = z.input<typeof circuitDocketListRequest>;

/** A cell: text, a number, an ISO date-time (kind 'date') or null. */
export const circuitCell = z.union([z.string().nullable(), z.number()]);

/** One docket of a circuit: what the board needs, plus the circuit's columns in `cells`. */
export const circuitDocketRow = z.object({
  dck_id: z.number().int(),
  dck_docket: z.number().int(),
  dck_status: z.string(),
  dsts_description: z.string(),
  dsts_color: z.string(),
  dsts_font_color: z.string(),
  drv_driver: z.string().nullable(),
  /** True when the docket's next deadline is within the circuit's countdown minutes, or past: it blinks. */
  countdown: z.boolean(),
  /** The deadline the countdown watches (collection before collected, else delivery), ISO or null. */
  due: z.string().nullable(),
  cells: z.record(z.string(), circuitCell),
});
export type CircuitDocketRow = z.infer<typeof circuitDocketRow>;

export const circuitDocketListResponse = z.object({
  circuit: circuitRow,
  columns: z.array(circuitColumn),
  rows: z.array(circuitDocketRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  /** Dockets of the circuit per status (when asked), ignoring the filter text. */
  counts: z.array(z.object({ dck_status: z.string(), n: z.number().int() })).optional(),
});
export type CircuitDocketListResponse = z.infer<typeof circuitDocketListResponse>;

// ---------------------------------------------------------------------------------------------
// Status change.

/**
 * docket/status/change body (spec "access…" §7 `{docket, driver, status, exception}`), plus `from`,
 * the status the caller saw: the change is refused with 409 when the docket has moved meanwhile.
 * `exception` is the reason (an exc_code of exception/list) B and C need; `signed_by` is asked for
 * by the other statuses but G; `time` (ISO) only for statuses not stamped now, default now.
 */
export const statusChangeRequest = z.object({
  docket: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  from: statusId,
  status: statusId,
  driver: str().trim().max(10).optional().default(''),
  exception: str().trim().max(10).optional().default(''),
  reason: str().trim().max(100).optional().default(''),
  signed_by: str().trim().max(50).optional().default(''),
  time: z.iso.datetime({ offset: true }).optional(),
});
export type StatusChangeRequest = z.input<typeof statusChangeRequest>;

/** docket/status/change answer; `message` (e.g. the driver's load) is shown as a warning. */
export const statusChangeResponse = z.object({
  dck_id: z.number().int(),
  dck_docket: z.number().int(),
  dck_status: z.string(),
  drv_driver: z.string().nullable(),
  dck_status_time: z.string(),
  message: z.string().optional(),
});
export type StatusChangeResponse = z.infer<typeof statusChangeResponse>;

// ---------------------------------------------------------------------------------------------
// Drivers and exception reasons.

/** A driver (drv_*): code, name, mobile telephone, vehicle (tariff id 1–11), active flag. */
export const driverRow = z.object({
  drv_driver: z.string(),
  drv_name: z.string(),
  drv_mobile: z.string(),
  drv_tariff: z.number().int(),
  ttyp_description: z.string(),
  drv_active: tf,
  /** 'T' when a PIN is set (the driver can sign in to the driver page). */
  drv_pin_set: tf,
});
export type DriverRow = z.infer<typeof driverRow>;

/** driver/list body: the active ones only (default) or all, filtered by code or name. */
export const driverListRequest = z
  .object({
    active: z.boolean().optional().default(true),
    search: str().trim().max(50).optional().default(''),
  })
  .optional()
  .default({ active: true, search: '' });

/** A driver page PIN as the control room sets it: 6 to 12 digits. */
export const driverPin = z.string().regex(/^[0-9]{6,12}$/, 'Use 6 to 12 digits');

/** driver/post body: creates the driver or updates the one with this code. */
export const driverInput = z.object({
  drv_driver: str()
    .trim()
    .min(1, 'Driver code is required')
    .max(10)
    .regex(/^[A-Za-z0-9-]+$/, 'Use letters, digits and -'),
  drv_name: str().trim().min(1, 'Name is required').max(50),
  drv_mobile: str()
    .trim()
    .max(20)
    .regex(/^[0-9 +()-]*$/, 'Please enter a valid mobile number')
    .optional()
    .default(''),
  drv_tariff: z.number().int().min(1).max(11),
  drv_active: tf.optional().default('T'),
  /**
   * The driver page's PIN (6 to 12 digits), stored hashed; absent keeps the current one. A new
   * PIN, or making the driver inactive, ends the driver's open sessions.
   */
  drv_pin: driverPin.optional(),
});
export type DriverInput = z.input<typeof driverInput>;

/** exception/list row: a reason for a cancellation or an exception. */
export const exceptionRow = z.object({
  exc_code: z.string(),
  exc_description: z.string(),
});
export type ExceptionRow = z.infer<typeof exceptionRow>;

// ---------------------------------------------------------------------------------------------
// Live updates: `GET /api/events` (server-sent events).

/**
 * `event: docket` — a docket was booked, its status changed, or a trace record (scan, position) was
 * added. `circuits`: the caller's circuits that selected the docket before or after the change (a
 * new docket: that select it now; refresh those boards); empty for a customer, whose booking lists
 * and tracking of that docket should refresh.
 */
export const docketEvent = z.object({
  dck_id: z.number().int(),
  dck_docket: z.number().int(),
  dck_status: z.string(),
  circuits: z.array(z.string()),
  /** What happened: a new booking, a status change, a barcode scan or a driver's position (a trace record). */
  event: z.enum(['booked', 'status', 'scan', 'position']).optional(),
});
export type DocketEvent = z.infer<typeof docketEvent>;

/** Event names of the stream: `ready` after every (re)connect (refetch everything live), `docket`. */
export const LIVE_EVENTS = ['ready', 'docket'] as const;
