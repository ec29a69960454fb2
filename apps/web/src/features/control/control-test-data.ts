import { allowedNext, needOf, stampedNow, type DocketStatusRow } from '@courier/contracts';

/** The demo statuses (id, description, allowed next, web), as docket/status/list answers them. */
const RAW: [string, string, string, 'T' | 'F'][] = [
  ['W', 'Web booking received', 'O,G,B,C', 'F'],
  ['O', 'Booked', 'G,B,C,Q', 'F'],
  ['G', 'Driver allocated', 'P,B,Q,R', 'T'],
  ['P', 'Collected', 'T,D,E,Q', 'T'],
  ['T', 'In transit', 'D,E,Q,R', 'T'],
  ['Q', 'Query', 'G,P,T,D,R', 'T'],
  ['D', 'Delivered', 'I,Q', 'T'],
  ['R', 'Returned to sender', 'I', 'T'],
  ['B', 'Cancelled', '', 'T'],
  ['C', 'Cancelled by customer', '', 'T'],
  ['I', 'Invoiced', 'F', 'T'],
  ['E', 'Delivery exception', 'T,D,R,Q', 'T'],
  ['F', 'Finished', '', 'F'],
];

const base = RAW.map(([dsts_id, dsts_description, dsts_fwds, dsts_web]) => ({
  dsts_id,
  dsts_description,
  dsts_fwds,
  dsts_web,
}));

/** docket/status/list as the server answers it for the demo statuses. */
export const STATUSES: DocketStatusRow[] = base.map((s) => ({
  ...s,
  dsts_color: '#ffffff',
  dsts_font_color: '#000000',
  dsts_complete: 'F',
  next: allowedNext(base, s.dsts_id),
  need: needOf(s.dsts_id),
  stamped_now: stampedNow(s.dsts_id),
}));
