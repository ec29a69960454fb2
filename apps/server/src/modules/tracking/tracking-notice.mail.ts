import { escapeHtml, type Mail } from '../../lib/mail';
import type { NoticeEvent } from './tracking-notice.repository';

/** What a tracking notice says: the tenant, the docket, the event and the tracking link. */
export interface NoticeMailData {
  tenant: string;
  to: string;
  dck_docket: number;
  event: NoticeEvent;
  trackingLink: string;
}

/** The tracking notice mail (issue 10 §3): 'Your booking {docket} has been collected/delivered.' and the link. */
export function noticeMail(m: NoticeMailData): Mail {
  const line = `Your booking ${m.dck_docket} has been ${m.event}.`;
  const text = [line, '', `Track your booking: ${m.trackingLink}`, '', m.tenant, ''].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">` +
    `<h2 style="margin:0 0 16px">${escapeHtml(m.tenant)}</h2><p>${escapeHtml(line)}</p>` +
    `<p><a href="${escapeHtml(m.trackingLink)}">Track your booking</a></p></body></html>`;
  return { to: m.to, subject: `${m.tenant}: booking ${m.dck_docket} ${m.event}`, text, html };
}
