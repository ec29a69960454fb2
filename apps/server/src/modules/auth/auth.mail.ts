import { escapeHtml, type Mail } from '../../lib/mail';

const wrap = (tenant: string, body: string) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">` +
  `<h2 style="margin:0 0 16px">${escapeHtml(tenant)}</h2>${body}` +
  `<p style="color:#777;font-size:12px">You receive this mail because of a sign-in to ${escapeHtml(tenant)}.</p></body></html>`;

/** The one-time code mail (spec "access…" §9: lifetime in minutes). */
export function otpMail(tenant: string, to: string, code: string, minutes: number): Mail {
  return {
    to,
    subject: `${tenant}: your one-time code`,
    text: `Your ${tenant} one-time code is ${code}.\n\nThe code will expire in ${minutes} minutes. If you did not try to sign in, change your password.\n`,
    html: wrap(
      tenant,
      `<p>Your one-time code is</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p>` +
        `<p>The code will expire in ${minutes} minutes. If you did not try to sign in, change your password.</p>`,
    ),
  };
}

/** The reset-password mail with its single-use link, valid one hour. */
export function resetMail(tenant: string, to: string, link: string): Mail {
  return {
    to,
    subject: `${tenant}: reset your password`,
    text: `Someone asked to reset the password of your ${tenant} account.\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
    html: wrap(
      tenant,
      `<p>Someone asked to reset the password of your account.</p>` +
        `<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, within one hour).</p>` +
        `<p>If it was not you, ignore this mail; your password stays as it is.</p>`,
    ),
  };
}
