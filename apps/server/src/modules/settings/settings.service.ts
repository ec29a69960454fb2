import {
  DEFAULT_PASSWORD_POLICY,
  MSG,
  TRACKING_SETTING_KEYS,
  type PasswordPolicy,
  type TrackingSettings,
} from '@courier/contracts';
import type { Executor } from '../../db/client';
import { scopeValues, settingsGroups, settingsOf } from './settings.repository';
import { assertAccount, assertRight, type AuthContext } from '../auth/access';

/** OTP lifetime when the setting is missing (spec "access…" §9). */
export const DEFAULT_OTP_MINUTES = 10;

const intOr = (v: string | undefined, fallback: number) => (v && /^\d{1,5}$/.test(v) ? Number(v) : fallback);

/** system/password: minLength (config.PasswordMinLength, default 8), enforceRules (config.PasswordEnforceRules). */
export async function passwordPolicyOf(db: Executor): Promise<PasswordPolicy> {
  const c = await settingsOf(db, 'config');
  return {
    minLength: Math.max(1, intOr(c.PasswordMinLength, DEFAULT_PASSWORD_POLICY.minLength)),
    enforceRules: c.PasswordEnforceRules === 'F' ? 'F' : 'T',
  };
}

/** system/otp: the code lifetime in minutes (config.OtpExpireMinutes, default 10). */
export async function otpMinutesOf(db: Executor): Promise<number> {
  return Math.max(1, intOr((await settingsOf(db, 'config')).OtpExpireMinutes, DEFAULT_OTP_MINUTES));
}

/** system/guestAccessAllowed: general.GuestAccessAllowed is 'T'. */
export async function guestAccessOf(db: Executor): Promise<boolean> {
  return guestAccessFrom(await settingsOf(db, 'general'));
}

/** Whether the settings group general allows guests (GuestAccessAllowed 'T'). */
export const guestAccessFrom = (general: Record<string, string>): boolean =>
  general.GuestAccessAllowed === 'T';

/**
 * One settings group as key → value for a signed-in user; with `custId` (a linked account) the
 * account's own values override the global ones, or with `own` (administrators) are all there is.
 * 403 for an account not linked to the user, or `own` without the admin right.
 */
export async function groupFor(
  auth: AuthContext,
  group: string,
  custId?: number,
  own = false,
): Promise<Record<string, string>> {
  if (own) assertRight(auth, 'admin');
  if (custId) assertAccount(auth, custId, 'cust_id');
  return own ? scopeValues(auth.db, group, custId ?? 0) : settingsOf(auth.db, group, custId ?? 0);
}

/** system/cfg_disallow_pobox/list. */
export async function disallowPobox(auth: AuthContext): Promise<{ cfg_disallow_pobox: string }> {
  return { cfg_disallow_pobox: (await settingsOf(auth.db, 'config')).cfg_disallow_pobox === 'T' ? 'T' : 'F' };
}

/** config.SessionIdleMinutes: minutes without a call after which a session ends; undefined when unset. */
export async function sessionIdleMinutesOf(db: Executor): Promise<number | undefined> {
  const v = (await settingsOf(db, 'config')).SessionIdleMinutes;
  return v && /^\d{1,5}$/.test(v) && Number(v) > 0 ? Number(v) : undefined;
}

/** What the quote wizard and card payments read from settings (one query). */
export interface QuoteSettings {
  /** default.aset_quote_customer: the account guests book on; undefined when not set. */
  quoteCustomer: number | undefined;
  /** payment.holdMargin: percent added to the total for the card hold (0–100, two decimals). */
  holdMargin: number;
  /** payment.currencyCode (GBP by default) and payment.currencySymbol (£). */
  currencyCode: string;
  currencySymbol: string;
  /** The payment provider of each card method of payment: payment.provider.O and .S ('sandbox' by default). */
  providerOf: { O: string; S: string };
  /** message['Quote.PaymentError'], else the spec's text. */
  paymentError: string;
  /** general.TermsCheckbox: 'F' turns the quote wizard's terms checkboxes off; anything else keeps them. */
  termsCheckbox: 'T' | 'F';
}

/** The quote and payment settings of spec "bookings…" §3 (hosted card provider settings) and "access…" §3 default group. */
export async function quoteSettingsOf(db: Executor): Promise<QuoteSettings> {
  return quoteSettingsFrom(await settingsGroups(db, ['default', 'payment', 'message', 'general']));
}

/** QuoteSettings from the settings groups default, payment, message and general (group → key → value). */
export function quoteSettingsFrom(g: Record<string, Record<string, string>>): QuoteSettings {
  const d = g.default!;
  const p = g.payment!;
  const cust = d.aset_quote_customer;
  const margin = p.holdMargin && /^\d{1,3}(\.\d{1,2})?$/.test(p.holdMargin) ? Number(p.holdMargin) : 0;
  return {
    quoteCustomer: cust && /^\d{1,9}$/.test(cust) && Number(cust) > 0 ? Number(cust) : undefined,
    holdMargin: Math.min(margin, 100),
    currencyCode: p.currencyCode && /^[A-Z]{3}$/.test(p.currencyCode) ? p.currencyCode : 'GBP',
    currencySymbol: p.currencySymbol || '£',
    providerOf: { O: p['provider.O'] || 'sandbox', S: p['provider.S'] || 'sandbox' },
    paymentError: g.message!['Quote.PaymentError'] || MSG.paymentError,
    termsCheckbox: g.general!.TermsCheckbox === 'F' ? 'F' : 'T',
  };
}

/** The tracking settings (system/tracking) of the settings group default: each 'T' unless set 'F'. */
export const trackingSettingsFrom = (values: Record<string, string | undefined>): TrackingSettings =>
  Object.fromEntries(
    TRACKING_SETTING_KEYS.map((k) => [k, values[k] === 'F' ? 'F' : 'T']),
  ) as TrackingSettings;

/**
 * What a guest of the tenant may do on the public tracking page, in one read: whether guests are
 * allowed at all (general.GuestAccessAllowed) and the tracking settings (group default). One
 * statement instead of one per group: docket/track is the busiest public call.
 */
export async function guestTrackingOf(
  db: Executor,
): Promise<{ guestAccess: boolean; tracking: TrackingSettings }> {
  const g = await settingsGroups(db, ['general', 'default']);
  return { guestAccess: guestAccessFrom(g.general!), tracking: trackingSettingsFrom(g.default!) };
}

/** system/tracking (public; spec "access…" §7): what guests of the tenant may see and use. */
export async function trackingSettingsOf(db: Executor): Promise<TrackingSettings> {
  return trackingSettingsFrom(await settingsOf(db, 'default'));
}
