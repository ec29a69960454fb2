import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { MSG } from '@courier/contracts';
import type {
  BeginPayment,
  BegunPayment,
  ConfirmPayment,
  PaymentProvider,
  ProviderContext,
  ProviderOutcome,
  Shopper,
} from './payment-provider';
import * as repo from './worldpay.repository';

/** Worldpay's documented REST base (Online Payments API v1) and its card form script. */
export const WORLDPAY_API_URL = 'https://api.worldpay.com/v1';
export const WORLDPAY_JS_URL = 'https://cdn.worldpay.com/v1/worldpay.js';

/** The message of an order Worldpay did not answer in time (nothing is booked; the payer may try again). */
export const WORLDPAY_NO_ANSWER = 'The card payment provider did not answer, please try again';
/** The message of an order whose 3-D Secure check was not completed (the payer closed it, or it lapsed). */
export const WORLDPAY_3DS_NOT_DONE = MSG.cardCheckNotDone;
/** The message of a 3-D Secure check the issuer refused, when Worldpay gives no reason. */
export const WORLDPAY_3DS_FAILED = 'Your card issuer did not confirm this payment';

/**
 * Our page that takes the payer's browser to the card issuer's 3-D Secure check of an order
 * (worldpay-3ds.routes.ts); the issuer posts its answer back to WORLDPAY_3DS_RETURN_PATH.
 */
export const challengePath = (reference: string, database: string) =>
  `/payment-return/worldpay/3ds/${encodeURIComponent(reference)}?database=${encodeURIComponent(database)}`;
export const WORLDPAY_3DS_RETURN_PATH = '/payment-return/worldpay/3ds';

export interface WorldpayOptions {
  /** The service key (WORLDPAY_SERVICE_KEY): server side only, the Authorization of every call. */
  serviceKey: string;
  /** The client key (WORLDPAY_CLIENT_KEY): the browser's card form uses it to make a token. */
  clientKey: string;
  /** The card form template's name (WORLDPAY_TEMPLATE_NAME). */
  templateName?: string;
  /** Another API base (WORLDPAY_API_BASE, a local fake in tests); WORLDPAY_API_URL by default. */
  apiBase?: string;
  /** Where the browser loads the card form's script (WORLDPAY_JS_URL). */
  scriptUrl?: string;
  /** Per request (ms); 10 s by default. */
  timeoutMs?: number;
}

/** Worldpay's answer to POST /orders and PUT /orders/{orderCode} (the fields we read). */
const orderAnswer = z.object({
  orderCode: z.string().min(1).max(100),
  amount: z.number().int(),
  currencyCode: z.string(),
  paymentStatus: z.string(),
  paymentStatusReason: z.string().nullish(),
  customerOrderCode: z.string().nullish(),
  /** PRE_AUTHORIZED: the issuer's 3-D Secure page and the one-time token to post to it as PaReq. */
  redirectURL: z.string().max(2000).nullish(),
  oneTime3DsToken: z.string().max(10_000).nullish(),
});

/** What an order's row becomes after a call to Worldpay. */
type Settled = {
  wp_state: 'authorised' | 'declined' | 'failed' | 'challenged';
  wp_order_code?: string;
  wp_message: string;
  wp_3ds_url?: string | null;
  wp_3ds_pareq?: string | null;
  amountPence?: number;
  /** Worldpay refused the call itself (a 4xx: a malformed or forged PaRes, say), not the payment. */
  rejected?: boolean;
};

/** Worldpay's 3-D Secure fields of the payer's browser; the session is our order code, the same on both calls. */
const shopperFields = (reference: string, shopper: Shopper | undefined) => ({
  shopperSessionId: reference,
  shopperIpAddress: shopper?.ip ?? '',
  shopperUserAgent: shopper?.userAgent ?? '',
  shopperAcceptHeader: shopper?.accept || '*/*',
});
/** Worldpay's error body: { httpStatusCode, customCode, message, description }. */
const errorAnswer = z.object({ customCode: z.string().nullish(), message: z.string().nullish() });

/** What an order's row means to fulfilment. */
function outcomeOf(row: repo.WorldpayOrderRow, database: string): ProviderOutcome {
  switch (row.wp_state) {
    case 'challenged':
      return { state: 'pending', challenge: challengePath(row.wp_customer_order_code, database) };
    case 'authorised':
      return { state: 'authorised', amountPence: row.wp_amount_pence };
    case 'declined':
      return { state: 'declined', message: row.wp_message };
    case 'failed':
      return { state: 'failed', message: row.wp_message };
    case 'cancelled':
      return { state: 'abandoned' };
    default:
      return { state: 'pending' };
  }
}

/**
 * Worldpay (issue 11 §2; spec "bookings…" §7 hosted card provider): the browser's card form
 * (Worldpay's template form, with `clientKey` and `templateName` from system/worldpay) turns the
 * card into a token; our server places an authorise-only order of the hold in pence with that
 * token and our `customerOrderCode` (POST {base}/orders, the service key as Authorization), and
 * releases a hold with DELETE {base}/orders/{orderCode}. Each customerOrderCode places one order
 * at most: the worldpay_orders row is claimed before the call, so a reload, a double click or a
 * second tab with the same token gets the first order's answer.
 *
 * 3-D Secure: every order asks for it (`is3DSOrder`, with the payer's browser as the shopper
 * fields). When the issuer wants the payer to confirm, Worldpay answers PRE_AUTHORIZED with the
 * issuer's page (redirectURL) and a one-time token: the order is kept `challenged` and the payment
 * stays pending with our challenge page, which posts the token to the issuer (PaReq, with our
 * return address as TermUrl and the order code as MD). The issuer posts its answer (PaRes) back,
 * and completeChallenge sends it to Worldpay (PUT {base}/orders/{orderCode} threeDSResponseCode).
 */
export class WorldpayProvider implements PaymentProvider {
  readonly name = 'worldpay';
  readonly cardForm = true;
  private readonly base: string;

  constructor(
    private readonly options: WorldpayOptions,
    private readonly clock: Clock,
  ) {
    this.base = (options.apiBase ?? WORLDPAY_API_URL).replace(/\/+$/, '');
  }

  /** What system/worldpay gives the browser: the client key, the template and the script's URL. */
  get client(): { clientKey: string; templateName: string; scriptUrl: string } {
    return {
      clientKey: this.options.clientKey,
      templateName: this.options.templateName ?? '',
      scriptUrl: this.options.scriptUrl ?? WORLDPAY_JS_URL,
    };
  }

  begin(_ctx: ProviderContext, req: BeginPayment): Promise<BegunPayment> {
    // Nothing to open at Worldpay: the card form makes a token, quote/payment places the order.
    return Promise.resolve({ reference: req.orderCode, client: this.client });
  }

  async confirm(ctx: ProviderContext, req: ConfirmPayment): Promise<ProviderOutcome> {
    const known = await repo.worldpayOrder(ctx.db, req.reference);
    if (known) return outcomeOf(known, ctx.database);
    if (!req.token) return { state: 'pending' };
    const claimed = await repo.claimWorldpayOrder(ctx.db, {
      wp_customer_order_code: req.reference,
      wp_state: 'placing',
      wp_amount_pence: req.amountPence,
      wp_currency: req.currency,
      wp_created: this.clock.now(),
    });
    if (!claimed) return outcomeOf((await repo.worldpayOrder(ctx.db, req.reference))!, ctx.database);
    const expected = { currency: req.currency, amountPence: req.amountPence };
    const settled = await this.call(expected, `${this.base}/orders`, 'POST', {
      token: req.token,
      orderType: 'ECOM',
      orderDescription: `Booking ${req.reference}`,
      amount: req.amountPence,
      currencyCode: req.currency,
      authorizeOnly: true,
      customerOrderCode: req.reference,
      is3DSOrder: true,
      ...shopperFields(req.reference, req.shopper),
    });
    await repo.settleWorldpayOrder(ctx.db, req.reference, ['placing'], settled);
    return this.outcomeOfSettled(settled, req.reference, ctx.database);
  }

  /**
   * The card issuer's answer to its 3-D Secure check (PaRes, posted to our return address with
   * our order code as MD): sent to Worldpay once (PUT {base}/orders/{orderCode}, the row moves
   * from `challenged` while it is sent, so a second post of the same answer sends nothing), and
   * what Worldpay made of it. An order that is not challenged (unknown, cancelled since, already
   * answered) is answered as it stands and nothing is sent.
   */
  async completeChallenge(
    ctx: ProviderContext,
    reference: string,
    paRes: string,
    shopper: Shopper,
  ): Promise<ProviderOutcome> {
    const row = await repo.worldpayOrder(ctx.db, reference);
    if (!row) return { state: 'failed', message: 'Payment not found' };
    if (
      row.wp_state !== 'challenged' ||
      !row.wp_order_code ||
      !(await repo.settleWorldpayOrder(ctx.db, reference, ['challenged'], { wp_state: 'placing' }))
    )
      return outcomeOf((await repo.worldpayOrder(ctx.db, reference)) ?? row, ctx.database);
    const settled = await this.call(
      { currency: row.wp_currency, amountPence: row.wp_amount_pence },
      `${this.base}/orders/${encodeURIComponent(row.wp_order_code)}`,
      'PUT',
      { threeDSResponseCode: paRes, ...shopperFields(reference, shopper) },
    );
    // An answer Worldpay refused as a call (a forged or broken PaRes posted to our return address)
    // does not end the check: the order waits for the issuer's real answer, or for the payer to give up.
    if (settled.rejected) {
      await repo.settleWorldpayOrder(ctx.db, reference, ['placing'], { wp_state: 'challenged' });
      return outcomeOf((await repo.worldpayOrder(ctx.db, reference)) ?? row, ctx.database);
    }
    // A second challenge of the same order is not one we can show again: it counts as not completed.
    const final: Settled =
      settled.wp_state === 'challenged'
        ? { wp_state: 'declined', wp_message: WORLDPAY_3DS_NOT_DONE }
        : settled.wp_state === 'declined' && !settled.wp_message
          ? { ...settled, wp_message: WORLDPAY_3DS_FAILED }
          : settled;
    await repo.settleWorldpayOrder(ctx.db, reference, ['placing'], {
      ...final,
      wp_3ds_url: null,
      wp_3ds_pareq: null,
    });
    return this.outcomeOfSettled(final, reference, ctx.database);
  }

  /** The issuer's page and one-time token of an order waiting for its 3-D Secure check, or undefined. */
  async challengeOf(
    ctx: ProviderContext,
    reference: string,
  ): Promise<{ url: string; paReq: string; md: string } | undefined> {
    const row = await repo.worldpayOrder(ctx.db, reference);
    if (row?.wp_state !== 'challenged' || !row.wp_3ds_url || !row.wp_3ds_pareq) return undefined;
    return { url: row.wp_3ds_url, paReq: row.wp_3ds_pareq, md: row.wp_customer_order_code };
  }

  /** What a settled order means to fulfilment. */
  private outcomeOfSettled(settled: Settled, reference: string, database: string): ProviderOutcome {
    if (settled.wp_state === 'authorised') return { state: 'authorised', amountPence: settled.amountPence };
    if (settled.wp_state === 'challenged')
      return { state: 'pending', challenge: challengePath(reference, database) };
    return { state: settled.wp_state === 'declined' ? 'declined' : 'failed', message: settled.wp_message };
  }

  /** One order call to Worldpay (POST /orders, PUT /orders/{orderCode}); what to record of the answer. */
  private async call(
    expected: { currency: string; amountPence: number },
    url: string,
    method: 'POST' | 'PUT',
    payload: object,
  ): Promise<Settled> {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { authorization: this.options.serviceKey, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch {
      // Unanswered: whether Worldpay placed it is unknown; an unseen hold lapses by itself.
      return { wp_state: 'failed', wp_message: WORLDPAY_NO_ANSWER };
    }
    const body: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      const err = errorAnswer.safeParse(body);
      return {
        rejected: res.status < 500,
        wp_state: res.status >= 500 ? 'failed' : 'declined',
        wp_message: (err.success && err.data.message) || `Worldpay answered ${res.status}`,
      };
    }
    const order = orderAnswer.safeParse(body);
    if (!order.success) return { wp_state: 'failed', wp_message: 'Worldpay answer not understood' };
    const o = order.data;
    if (o.paymentStatus === 'AUTHORIZED') {
      // Only the hold we asked for counts: another amount or currency books nothing (and is released).
      if (o.currencyCode !== expected.currency || o.amount !== expected.amountPence)
        return { wp_state: 'failed', wp_order_code: o.orderCode, wp_message: 'Held for another amount' };
      return { wp_state: 'authorised', wp_order_code: o.orderCode, wp_message: '', amountPence: o.amount };
    }
    if (o.paymentStatus === 'PRE_AUTHORIZED') {
      // 3-D Secure: the issuer's page must be a web address we may send a browser to.
      const acs = safeWebUrl(o.redirectURL, this.base.startsWith('http:'));
      if (!acs || !o.oneTime3DsToken)
        return { wp_state: 'declined', wp_order_code: o.orderCode, wp_message: WORLDPAY_3DS_NOT_DONE };
      return {
        wp_state: 'challenged',
        wp_order_code: o.orderCode,
        wp_message: '',
        wp_3ds_url: acs,
        wp_3ds_pareq: o.oneTime3DsToken,
      };
    }
    return {
      wp_state: 'declined',
      wp_order_code: o.orderCode,
      wp_message: o.paymentStatusReason || `Payment ${o.paymentStatus.toLowerCase()}`,
    };
  }

  async cancel(ctx: ProviderContext, reference: string): Promise<void> {
    // Bars the code first, so a card token arriving later places no order.
    const barred = await repo.claimWorldpayOrder(ctx.db, {
      wp_customer_order_code: reference,
      wp_state: 'cancelled',
      wp_amount_pence: 0,
      wp_currency: 'GBP',
      wp_created: this.clock.now(),
    });
    if (barred) return;
    // A check the payer never finished: its late answer finds the order cancelled and sends nothing.
    if (
      await repo.settleWorldpayOrder(ctx.db, reference, ['challenged'], {
        wp_state: 'cancelled',
        wp_3ds_url: null,
        wp_3ds_pareq: null,
      })
    )
      return;
    const row = await repo.worldpayOrder(ctx.db, reference);
    if (
      !row?.wp_order_code ||
      !(await repo.settleWorldpayOrder(ctx.db, reference, ['authorised'], { wp_state: 'cancelled' }))
    )
      return;
    await fetch(`${this.base}/orders/${encodeURIComponent(row.wp_order_code)}`, {
      method: 'DELETE',
      headers: { authorization: this.options.serviceKey },
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    }).catch(() => undefined);
  }
}

/**
 * An https address as text, or undefined (a browser is sent there: no javascript:, data: or plain
 * http address); plain http only with `allowHttp` (Worldpay's API itself on http: a local fake).
 */
function safeWebUrl(value: string | null | undefined, allowHttp: boolean): string | undefined {
  try {
    const url = new URL(value ?? '');
    return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:') ? url.href : undefined;
  } catch {
    return undefined;
  }
}
