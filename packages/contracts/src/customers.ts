import { z } from 'zod';
import { dbId, tf } from './common';

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
