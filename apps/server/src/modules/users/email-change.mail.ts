import { escapeHtml, type Mail } from '../../lib/mail';

const wrap = (tenant: string, body: string) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">` +
  `<h2 style="margin:0 0 16px">${escapeHtml(tenant)}</h2>${body}</body></html>`;

/** To the new address: the single-use link that makes it the account's e-mail (24 hours). */
export function confirmEmailMail(tenant: string, to: string, logon: string, link: string): Mail {
  return {
    to,
    subject: `${tenant}: confirm your new e-mail address`,
    text: `The ${tenant} user ${logon} asked to use this address for their account.\n\nOpen this link within 24 hours to confirm it:\n${link}\n\nIf it was not you, ignore this mail; nothing changes.\n`,
    html: wrap(
      tenant,
      `<p>The user <b>${escapeHtml(logon)}</b> asked to use this address for their account.</p>` +
        `<p><a href="${escapeHtml(link)}">Confirm this e-mail address</a> (the link works once, within 24 hours).</p>` +
        `<p>If it was not you, ignore this mail; nothing changes.</p>`,
    ),
  };
}

/** To the old address: a change was asked for (so that a stolen session cannot move it quietly). */
export function emailChangeNoticeMail(tenant: string, to: string, logon: string, newEmail: string): Mail {
  return {
    to,
    subject: `${tenant}: your e-mail address is being changed`,
    text: `Someone signed in as ${logon} asked to change the account's e-mail address to ${newEmail}. It changes only when the link sent there is opened.\n\nIf it was not you, change your password now.\n`,
    html: wrap(
      tenant,
      `<p>Someone signed in as <b>${escapeHtml(logon)}</b> asked to change the account's e-mail address to ${escapeHtml(newEmail)}. It changes only when the link sent there is opened.</p>` +
        `<p>If it was not you, change your password now.</p>`,
    ),
  };
}
