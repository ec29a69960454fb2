import { z } from 'zod';
import { CONTROL_CHARS_MESSAGE, dbId, str, tf } from './common';

/** Service type row (servicetype/list). */
export const serviceType = z.object({ styp_id: z.string(), styp_description: z.string() });
export type ServiceType = z.infer<typeof serviceType>;

/** Tariff type row (tarifftype/list): ttyp_tariff is the vehicle id 1–11 of spec "bookings…" §9. */
export const tariffType = z.object({ ttyp_tariff: z.number().int(), ttyp_description: z.string() });
export type TariffType = z.infer<typeof tariffType>;

/** Customer account row (customer/list) as a booking user sees it. */
export const customerRow = z.object({
  cust_id: z.number().int(),
  cust_name: z.string(),
  cust_acc_code: z.string(),
  cust_mop: z.string(),
  cust_maintariff: z.number().int().nullable(),
  cust_mainservice: z.string().nullable(),
  /** Reference labels and required flags (spec "bookings…" §3 Customer). */
  cust_ref1_lbl: z.string(),
  cust_ref1_req: tf,
  cust_ref2_lbl: z.string(),
  cust_ref2_req: tf,
  cust_ref3_lbl: z.string(),
  cust_ref3_req: tf,
  cust_ref4_lbl: z.string(),
  cust_ref4_req: tf,
  cust_ref5_lbl: z.string(),
  cust_ref5_req: tf,
  cust_ref6_lbl: z.string(),
  cust_ref6_req: tf,
  cust_ref5_fromlist: z.enum(['T', 'F']),
});
export type CustomerRow = z.infer<typeof customerRow>;

/** Vehicle names by numeric tariff id (spec "bookings…" §9). */
export const VEHICLES: Record<number, string> = {
  1: 'bicycle',
  2: 'moped',
  3: 'motorbike',
  4: 'car',
  5: 'small van',
  6: 'large van',
  7: 'luton van',
  8: 'hgv',
  9: 'mini bus',
  10: 'coach',
  11: 'mpv',
};

/** customer/reference/lists body (spec "access…" §7 Customer). */
export const referenceListRequest = z.object({ cref_cust_id: dbId });
/** A reference list entry: an allowed value of reference `cref_ref_type` (1–6). */
export const referenceRow = z.object({
  cref_id: z.number().int(),
  cref_description: z.string(),
  cref_ref_type: z.number().int(),
});
export type ReferenceRow = z.infer<typeof referenceRow>;

/** customer/contact/list body. */
export const contactListRequest = z.object({ ccnt_cust_id: dbId });
/** A customer contact, picked in the booking's customer contacts modal. */
export const contactRow = z.object({
  ccnt_id: z.number().int(),
  ccnt_name: z.string(),
  ccnt_telephone: z.string(),
  ccnt_email: z.string(),
});
export type ContactRow = z.infer<typeof contactRow>;

/** A reference label: what the booking screen shows for dck_cust_ref{n} (1–30 characters). */
const refLabel = str().trim().min(1, 'Please enter a label').max(30, 'Use at most 30 characters');

/** One tracking list line: `name=value` (spec "access…" §3 Customer web_tracking, web_quicktracking). */
const TRACKING_LINE = /^[^=\n]+=[^\n]*$/;
/** A tracking list: name=value lines, empty lines ignored; up to 4,000 characters, no other control characters. */
export const trackingList = z
  .string()
  .max(4000, 'Use at most 4000 characters')
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u0009\u000b-\u001f\u007f]*$/, CONTROL_CHARS_MESSAGE)
  .refine(
    (v) =>
      v
        .split('\n')
        .filter((l) => l.trim())
        .every((l) => TRACKING_LINE.test(l)),
    'Use one name=value per line',
  );

/** Methods of payment (spec "bookings…" §3 Customer): A on account, O hosted card provider, S card checkout. */
export const CUSTOMER_MOPS = ['A', 'O', 'S'] as const;
/** POD flag of an account: 'P' makes a proof of delivery mandatory (pod E), 'N' does not. */
export const POD_FLAGS = ['P', 'N'] as const;

/**
 * The account fields an administrator edits (customer/post; spec "bookings…" §3 Customer, "access…"
 * §3 Customer): reference labels and required flags 1–6, whether reference 5 comes from the list,
 * method of payment, main tariff (vehicle id 1–11 or null) and service type, pod, max delay in
 * minutes (0–1440) and the two tracking lists.
 */
export const customerFields = z.object({
  cust_ref1_lbl: refLabel,
  cust_ref1_req: tf,
  cust_ref2_lbl: refLabel,
  cust_ref2_req: tf,
  cust_ref3_lbl: refLabel,
  cust_ref3_req: tf,
  cust_ref4_lbl: refLabel,
  cust_ref4_req: tf,
  cust_ref5_lbl: refLabel,
  cust_ref5_req: tf,
  cust_ref6_lbl: refLabel,
  cust_ref6_req: tf,
  cust_ref5_fromlist: tf,
  cust_mop: z.enum(CUSTOMER_MOPS, { message: 'Use A, O or S' }),
  cust_maintariff: z.number().int().min(1).max(11).nullable(),
  cust_mainservice: str().trim().max(3).nullable(),
  cust_pod_mandatory: z.enum(POD_FLAGS, { message: 'Use P or N' }),
  cust_max_delay: z.number().int().min(0, 'Use 0 to 1440 minutes').max(1440, 'Use 0 to 1440 minutes'),
  cust_web_tracking: trackingList,
  cust_web_quicktracking: trackingList,
});
export type CustomerFields = z.infer<typeof customerFields>;

/** customer/post body: the account and its edited fields. */
export const customerPostRequest = customerFields.extend({ cust_id: dbId });
export type CustomerPostRequest = z.infer<typeof customerPostRequest>;

/** customer/list with {cust_id} for an administrator: one account with every field customer/post edits. */
export const customerDetail = customerFields.extend({
  cust_id: z.number().int(),
  cust_name: z.string(),
  cust_acc_code: z.string(),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

/** customer/list body: nothing (the caller's accounts), or {cust_id} for one account's detail (administrators). */
export const customerListRequest = z.object({ cust_id: dbId.optional() }).passthrough().optional();

/** A reference list value (cref_description): 1–30 characters. */
const refValue = str().trim().min(1, 'Please enter a value').max(30, 'Use at most 30 characters');

/**
 * customer/reference/post body: replaces the values of reference `cref_ref_type` (1–6, the ref-5
 * list by default) of account `cref_cust_id`; up to 200 values, each once.
 */
export const referencePostRequest = z.object({
  cref_cust_id: dbId,
  cref_ref_type: z.number().int().min(1).max(6).default(5),
  values: z
    .array(refValue)
    .max(200, 'Use at most 200 values')
    .refine((vs) => new Set(vs).size === vs.length, 'Each value once'),
});
export type ReferencePostRequest = z.input<typeof referencePostRequest>;
