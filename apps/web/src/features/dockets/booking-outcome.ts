import type { CustomerRow } from '@courier/contracts';

/** A saved booking as 'Your Booking' shows it; totals are null without the price right. */
export interface BookedSummary {
  dck_id: number;
  dck_docket: number;
  tracking_reference: string;
  total: number | null;
  netvat: number | null;
  /** Known for a booking opened from a list. */
  booked?: string;
  status?: string;
}

/** Methods of payment by card (spec "bookings…" §3 Customer: O hosted card provider, S card checkout). */
const CARD_MOPS = ['O', 'S'];
export const isCardPayer = (account: CustomerRow | undefined): boolean =>
  !!account && CARD_MOPS.includes(account.cust_mop);
