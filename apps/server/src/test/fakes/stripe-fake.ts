import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeServer } from './fake-server';

/**
 * A local fake of the Stripe API endpoints the Stripe provider uses (test-only; no internet):
 * Checkout Sessions (create with Idempotency-Key, retrieve with `expand[]=payment_intent`, expire),
 * PaymentIntents (cancel), a minimal hosted payment page that redirects back to success_url or
 * cancel_url, and signed `checkout.session.completed` webhooks (Stripe's `t=…,v1=…` HMAC-SHA256
 * scheme). Test cards as Stripe documents them: 4242 4242 4242 4242 is held, 4000 0000 0000 0002
 * declined ('Your card was declined.'), 4000 0027 6000 3184 asks for 3-D Secure (the payer may
 * then abandon). Faults on demand: a hanging answer (timeout), a 500, duplicated webhooks.
 */

export const STRIPE_FAKE_CARDS = {
  held: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000002760003184',
} as const;
export const STRIPE_DECLINE_MESSAGE = 'Your card was declined.';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  status: string;
  last_payment_error: { message: string; code: string; decline_code?: string } | null;
  metadata: Record<string, string>;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  payment_intent: string | null;
  /** What payment_intent_data asked for (kept to check capture_method 'manual'). */
  payment_intent_data: Record<string, unknown>;
}

export interface StripeFakeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where completed sessions are announced (the app's /api/strip/webhook); none when absent. */
  webhookUrl?: string;
}

/** Stripe's form encoding (a[b][0][c]=v) as nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) node[p] = value;
      else node = (node[p] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Stripe's webhook signature header of a payload: t=timestamp,v1=HMAC-SHA256(secret, `${t}.${payload}`). */
export function stripeSignature(payload: string, secret: string, t = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export class StripeFake extends FakeServer {
  readonly sessions = new Map<string, FakeSession>();
  readonly intents = new Map<string, FakeIntent>();
  /** Every API call: method, path, Idempotency-Key. */
  readonly calls: { method: string; path: string; idempotencyKey?: string }[] = [];
  /** Events sent to the webhook, with the app's status. */
  readonly delivered: { type: string; session: string; status: number }[] = [];
  private readonly idempotent = new Map<string, string>();
  /** The next N API calls hang (a timeout) or answer 500. */
  faults: ('hang' | 'error')[] = [];
  /** Each completed session is announced this many times (2: a duplicated webhook). */
  webhookCopies = 1;

  constructor(private readonly options: StripeFakeOptions) {
    super();
  }

  setWebhookUrl(url: string): void {
    this.options.webhookUrl = url;
  }

  /** The session as the API answers it, with its PaymentIntent expanded when asked. */
  view(s: FakeSession, expand: boolean) {
    const rest: Partial<FakeSession> = { ...s };
    delete rest.payment_intent_data;
    return {
      ...rest,
      payment_intent: expand && s.payment_intent ? this.intents.get(s.payment_intent)! : s.payment_intent,
    };
  }

  /** Pays a session with a card as the hosted page would; what the page then does. */
  async pay(sessionId: string, card: string): Promise<'held' | 'declined' | '3ds' | 'closed'> {
    const s = this.sessions.get(sessionId);
    if (!s || s.status !== 'open') return 'closed';
    const digits = card.replace(/\D/g, '');
    const pi = this.intentOf(s);
    if (digits === STRIPE_FAKE_CARDS.declined) {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = {
        message: STRIPE_DECLINE_MESSAGE,
        code: 'card_declined',
        decline_code: 'generic_decline',
      };
      return 'declined';
    }
    if (digits === STRIPE_FAKE_CARDS.threeDSecure) {
      pi.status = 'requires_action';
      return '3ds';
    }
    pi.status = pi.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
    pi.amount_capturable = pi.capture_method === 'manual' ? pi.amount : 0;
    pi.amount_received = pi.capture_method === 'manual' ? 0 : pi.amount;
    pi.last_payment_error = null;
    s.status = 'complete';
    s.payment_status = pi.capture_method === 'manual' ? 'unpaid' : 'paid';
    for (let i = 0; i < this.webhookCopies; i++) await this.announce('checkout.session.completed', s);
    return 'held';
  }

  /** Ends an open session as Stripe does after its expires_at (and announces it). */
  async expire(sessionId: string): Promise<void> {
    const s = this.sessions.get(sessionId);
    if (!s || s.status !== 'open') return;
    s.status = 'expired';
    s.url = null;
    if (s.payment_intent) this.intents.get(s.payment_intent)!.status = 'canceled';
    await this.announce('checkout.session.expired', s);
  }

  /** The signed event of a session, as Stripe posts it. */
  event(type: string, s: FakeSession): { payload: string; signature: string } {
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object: this.view(s, false) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    return { payload, signature: stripeSignature(payload, this.options.webhookSecret) };
  }

  private async announce(type: string, s: FakeSession): Promise<void> {
    if (!this.options.webhookUrl) return;
    const { payload, signature } = this.event(type, s);
    const res = await fetch(this.options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    }).catch(() => undefined);
    this.delivered.push({ type, session: s.id, status: res?.status ?? 0 });
  }

  private intentOf(s: FakeSession): FakeIntent {
    if (s.payment_intent) return this.intents.get(s.payment_intent)!;
    const data = s.payment_intent_data;
    const pi: FakeIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: s.amount_total,
      amount_capturable: 0,
      amount_received: 0,
      currency: s.currency,
      capture_method: typeof data.capture_method === 'string' ? data.capture_method : 'automatic',
      status: 'requires_payment_method',
      last_payment_error: null,
      metadata: (data.metadata as Record<string, string> | undefined) ?? {},
    };
    this.intents.set(pi.id, pi);
    s.payment_intent = pi.id;
    return pi;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const html = (status: number, page: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
    };
    const pay = /^\/pay\/(cs_test_\w+)$/.exec(url.pathname);
    if (pay) return this.page(req.method ?? 'GET', pay[1]!, body, html, res);

    if (!url.pathname.startsWith('/v1/'))
      return send(404, { error: { message: 'Unrecognized request URL' } });
    const key = req.headers['idempotency-key'] as string | undefined;
    this.calls.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key });
    const fault = this.faults.shift();
    if (fault === 'hang') {
      this.hold(res);
      return;
    }
    if (fault === 'error')
      return send(500, { error: { type: 'api_error', message: 'Something went wrong' } });
    if (req.headers.authorization !== `Bearer ${this.options.secretKey}`)
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (key && this.idempotent.has(key)) {
        res.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        return void res.end(this.idempotent.get(key));
      }
      const p = parseStripeForm(body) as Record<string, Record<string, unknown> | string | undefined>;
      const item = (p.line_items as Record<string, Record<string, unknown>>)['0']!;
      const price = item.price_data as Record<string, unknown>;
      const s: FakeSession = {
        id: id('cs'),
        object: 'checkout.session',
        mode: String(p.mode),
        status: 'open',
        payment_status: 'unpaid',
        url: '',
        amount_total: Number(price.unit_amount) * Number(item.quantity ?? 1),
        currency: String(price.currency),
        client_reference_id: (p.client_reference_id as string | undefined) ?? null,
        metadata: (p.metadata as Record<string, string> | undefined) ?? {},
        success_url: String(p.success_url),
        cancel_url: String(p.cancel_url),
        expires_at: Number(p.expires_at ?? 0),
        payment_intent: null,
        payment_intent_data: (p.payment_intent_data as Record<string, unknown> | undefined) ?? {},
      };
      s.url = `${this.url}/pay/${s.id}`;
      this.sessions.set(s.id, s);
      const answer = JSON.stringify(this.view(s, false));
      if (key) this.idempotent.set(key, answer);
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(answer);
    }
    const session = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
    if (session) {
      const s = this.sessions.get(decodeURIComponent(session[1]!));
      if (!s)
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such checkout.session: '${session[1]}'`,
          },
        });
      if (req.method === 'GET') {
        const expand =
          url.searchParams.getAll('expand[]').includes('payment_intent') ||
          url.searchParams.getAll('expand[0]').includes('payment_intent');
        return send(200, this.view(s, expand));
      }
      if (req.method === 'POST' && session[2]) {
        if (s.status !== 'open')
          return send(400, {
            error: { type: 'invalid_request_error', message: 'Only open sessions can be expired.' },
          });
        await this.expire(s.id);
        return send(200, this.view(s, false));
      }
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (cancel && req.method === 'POST') {
      const pi = this.intents.get(cancel[1]!);
      if (!pi)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      pi.status = 'canceled';
      pi.amount_capturable = 0;
      return send(200, pi);
    }
    return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
  }

  /** The hosted page: a card form; Pay holds or declines, Cancel goes back to cancel_url. */
  private async page(
    method: string,
    sessionId: string,
    body: string,
    html: (status: number, page: string) => void,
    res: ServerResponse,
  ): Promise<void> {
    const s = this.sessions.get(sessionId);
    if (!s) return html(404, '<!doctype html><title>Not found</title><p>No such session</p>');
    const back = (to: string) => {
      res.writeHead(303, { location: to.replace('{CHECKOUT_SESSION_ID}', s.id) });
      res.end();
    };
    let error = '';
    if (method === 'POST') {
      const form = new URLSearchParams(body);
      if (form.get('action') === 'cancel') return back(s.cancel_url);
      const outcome = await this.pay(s.id, form.get('card') ?? '');
      if (outcome === 'held') return back(s.success_url);
      if (outcome === 'closed') return back(s.cancel_url);
      error = outcome === 'declined' ? STRIPE_DECLINE_MESSAGE : '3-D Secure authentication required';
    }
    const amount = (s.amount_total / 100).toFixed(2);
    html(
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head>
<body><main><h1>Fake Stripe Checkout</h1><p>Pay ${s.currency.toUpperCase()} ${amount}</p>
${error ? `<p role="alert">${error}</p>` : ''}
<form method="post"><label for="card">Card number</label><input id="card" name="card" autocomplete="off">
<button type="submit" name="action" value="pay">Pay</button>
<button type="submit" name="action" value="cancel">Back</button></form></main></body></html>`,
    );
  }
}
