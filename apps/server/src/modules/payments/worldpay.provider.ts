import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import type {
  BeginPayment,
  BegunPayment,
  ConfirmPayment,
  PaymentProvider,
  ProviderContext,
  ProviderOutcome,
} from './payment-provider';
import * as repo from './worldpay.repository';

/** Worldpay's documented REST base (Online Payments API v1) and its card form script. */
export const WORLDPAY_API_URL = 'https://api.worldpay.com/v1';
export const WORLDPAY_JS_URL = 'https://cdn.worldpay.com/v1/worldpay.js';

/** The message of an order Worldpay did not answer in time (nothing is booked; the payer may try again). */
export const WORLDPAY_NO_ANSWER = 'The card payment provider did not answer, please try again';
/** The message of an order that asked for 3-D Secure, which the card form's flow does not complete. */
export const WORLDPAY_3DS_NOT_DONE =
  'Your card issuer asked for 3-D Secure authentication, which was not completed';

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

/** Worldpay's answer to POST /orders (the fields we read). */
const orderAnswer = z.object({
  orderCode: z.string().min(1).max(100),
  amount: z.number().int(),
  currencyCode: z.string(),
  paymentStatus: z.string(),
  paymentStatusReason: z.string().nullish(),
  customerOrderCode: z.string().nullish(),
});
/** Worldpay's error body: { httpStatusCode, customCode, message, description }. */
const errorAnswer = z.object({ customCode: z.string().nullish(), message: z.string().nullish() });

/** What an order's row means to fulfilment. */
function outcomeOf(row: repo.WorldpayOrderRow): ProviderOutcome {
  switch (row.wp_state) {
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
    if (known) return outcomeOf(known);
    if (!req.token) return { state: 'pending' };
    const claimed = await repo.claimWorldpayOrder(ctx.db, {
      wp_customer_order_code: req.reference,
      wp_state: 'placing',
      wp_amount_pence: req.amountPence,
      wp_currency: req.currency,
      wp_created: this.clock.now(),
    });
    if (!claimed) return outcomeOf((await repo.worldpayOrder(ctx.db, req.reference))!);
    const settled = await this.place(req);
    await repo.settleWorldpayOrder(ctx.db, req.reference, ['placing'], settled);
    if (settled.wp_state === 'authorised') return { state: 'authorised', amountPence: settled.amountPence };
    return { state: settled.wp_state === 'declined' ? 'declined' : 'failed', message: settled.wp_message };
  }

  /** POST /orders, authorise only; what to record of the answer. */
  private async place(req: ConfirmPayment): Promise<{
    wp_state: 'authorised' | 'declined' | 'failed';
    wp_order_code?: string;
    wp_message: string;
    amountPence?: number;
  }> {
    let res: Response;
    try {
      res = await fetch(`${this.base}/orders`, {
        method: 'POST',
        headers: { authorization: this.options.serviceKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          token: req.token,
          orderType: 'ECOM',
          orderDescription: `Booking ${req.reference}`,
          amount: req.amountPence,
          currencyCode: req.currency,
          authorizeOnly: true,
          customerOrderCode: req.reference,
        }),
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
        wp_state: res.status >= 500 ? 'failed' : 'declined',
        wp_message: (err.success && err.data.message) || `Worldpay answered ${res.status}`,
      };
    }
    const order = orderAnswer.safeParse(body);
    if (!order.success) return { wp_state: 'failed', wp_message: 'Worldpay answer not understood' };
    const o = order.data;
    if (o.paymentStatus === 'AUTHORIZED') {
      if (o.currencyCode !== req.currency)
        return { wp_state: 'failed', wp_order_code: o.orderCode, wp_message: 'Held in another currency' };
      return { wp_state: 'authorised', wp_order_code: o.orderCode, wp_message: '', amountPence: o.amount };
    }
    if (o.paymentStatus === 'PRE_AUTHORIZED')
      return { wp_state: 'declined', wp_order_code: o.orderCode, wp_message: WORLDPAY_3DS_NOT_DONE };
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
