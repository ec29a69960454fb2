import { z } from 'zod';

/**
 * What a booking or a status change tells every server process over NOTIFY: the docket, its
 * account and the users who own it (for customers' booking lists), the statuses (a new docket's
 * `from` is ''), and the codes of every circuit that selected it before or after the change. Each process filters it per connected user.
 */
export const docketNotice = z.object({
  kind: z.literal('docket'),
  dck_id: z.number().int(),
  dck_docket: z.number().int(),
  dck_cust_id: z.number().int(),
  /** dck_ausr_id and dck_registered_ausr_id, when set. */
  owners: z.array(z.number().int()),
  from: z.string(),
  dck_status: z.string(),
  circuits: z.array(z.string()),
  /** What happened: a new booking, a status change (also when absent), a scan or a position of the driver. */
  event: z.enum(['booked', 'status', 'scan', 'position']).optional(),
});
export type DocketNotice = z.infer<typeof docketNotice>;

let last: { payload: string; notice: DocketNotice | undefined } | undefined;

/**
 * A notice from its payload, or undefined for anything else on the channel. Every subscriber of a
 * process gets the same payload in turn, so the last one parsed is kept.
 */
export function parseNotice(payload: string): DocketNotice | undefined {
  if (last?.payload === payload) return last.notice;
  let notice: DocketNotice | undefined;
  try {
    const r = docketNotice.safeParse(JSON.parse(payload));
    notice = r.success ? r.data : undefined;
  } catch {
    notice = undefined;
  }
  last = { payload, notice };
  return notice;
}
