import { formatPounds, type DocketData } from '@courier/contracts';
import { formatUk } from '../../lib/dates';
import { escapeHtml, type Mail } from '../../lib/mail';

/** What the booking confirmation mail shows. */
export interface BookingMailData {
  tenant: string;
  to: string;
  dck_docket: number;
  trackingLink: string;
  /** The /register link with its single-use secret. */
  registerLink: string;
  addresses: DocketData['addresses'];
  /** The total in pence, only when the booker has the price right. */
  totalPence: number | null;
}

const addressLine = (a: DocketData['addresses'][number]) =>
  [a.dadd_companyname, a.dadd_build, a.dadd_street, a.dadd_town, a.dadd_postalcode]
    .filter(Boolean)
    .join(', ');

const timesOf = (a: DocketData['addresses'][number]) =>
  [
    a.dadd_ready && `ready ${formatUk(new Date(a.dadd_ready))}`,
    a.dadd_deadline && `by ${formatUk(new Date(a.dadd_deadline))}`,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * The booking confirmation (issue: registration must prove ownership): docket number, tracking
 * link, addresses with their times, the total where the booker may see prices, and the /register
 * link whose secret proves the reader owns this mailbox.
 */
export function bookingMail(m: BookingMailData): Mail {
  const rows = m.addresses.map((a, i) => {
    const role = i === 0 ? 'Collect from' : i === m.addresses.length - 1 ? 'Deliver to' : `Address ${i + 1}`;
    return { role, line: addressLine(a), times: timesOf(a) };
  });
  const total = m.totalPence === null ? null : formatPounds(m.totalPence);
  const text = [
    `Thank you for your booking with ${m.tenant}.`,
    '',
    `Booking: ${m.dck_docket}`,
    ...rows.map((r) => `${r.role}: ${r.line}${r.times ? ` (${r.times})` : ''}`),
    ...(total ? [`Total: ${total}`] : []),
    '',
    `Track your booking: ${m.trackingLink}`,
    '',
    'Register as a new user to see this booking and book again (the link works once, within 30 days):',
    m.registerLink,
    '',
    'Keep this mail to yourself: the register link is for you only.',
    '',
  ].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">` +
    `<h2 style="margin:0 0 16px">${escapeHtml(m.tenant)}</h2>` +
    `<p>Thank you for your booking.</p><p style="font-size:18px"><b>BOOKING ${m.dck_docket}</b></p>` +
    `<table cellpadding="4">${rows
      .map(
        (r) =>
          `<tr><td><b>${escapeHtml(r.role)}</b></td><td>${escapeHtml(r.line)}` +
          `${r.times ? `<br><small>${escapeHtml(r.times)}</small>` : ''}</td></tr>`,
      )
      .join('')}</table>` +
    (total ? `<p>Total: <b>${escapeHtml(total)}</b></p>` : '') +
    `<p><a href="${escapeHtml(m.trackingLink)}">Track your booking</a></p>` +
    `<p><a href="${escapeHtml(m.registerLink)}">Register as a new user</a> to see this booking and book again ` +
    `(the link works once, within 30 days). Keep this mail to yourself: the link is for you only.</p>` +
    `</body></html>`;
  return { to: m.to, subject: `${m.tenant}: booking ${m.dck_docket} confirmed`, text, html };
}
