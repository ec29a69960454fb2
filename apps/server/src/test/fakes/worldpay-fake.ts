import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeServer } from './fake-server';

/**
 * A local fake of the Worldpay Online Payments API v1 endpoints the Worldpay provider and the card
 * form use (test-only; no internet): POST /v1/tokens (the card form makes a token with the client
 * key), POST /v1/orders (the server places an order with the service key), DELETE
 * /v1/orders/{orderCode} (releases an authorised hold), and the card form itself: /v1/worldpay.js
 * (`Worldpay.useTemplateForm({clientKey, templateCode, form, paymentSection, callback})`) and the
 * template page it frames. Test cards as Worldpay documents them: 4444 3333 2222 1111 is
 * authorised; the card holder name 'FAILED' declines, '3D' asks for 3-D Secure (PRE_AUTHORIZED,
 * on an order that asked for it with is3DSOrder and the shopper fields; declined otherwise),
 * 'ERROR' answers an error. 4000 0000 0000 0002 declines too. 3-D Secure as Worldpay documents
 * it: the order's redirectURL is the issuer's page (here POST /3ds, the fake's test issuer page,
 * which takes PaReq, TermUrl and MD and posts PaRes and MD back to TermUrl when the payer chooses
 * 'Authenticate' or 'Fail authentication'), and PUT /v1/orders/{orderCode} with
 * threeDSResponseCode (the PaRes) and the same shopperSessionId completes the order. Faults on
 * demand: hanging answers (timeouts) and 500s.
 */

export const WORLDPAY_FAKE_CARD = '4444333322221111';
export const WORLDPAY_DECLINE_REASON = 'Card declined by the issuer';

export interface FakeWorldpayOrder {
  orderCode: string;
  token: string;
  amount: number;
  currencyCode: string;
  authorizeOnly: boolean;
  customerOrderCode: string;
  orderDescription: string;
  paymentStatus: string;
  /** The order's 3-D Secure: its one-time token (PaReq) and the shopper session it was placed in. */
  threeDs?: { token: string; sessionId: string; userAgent: string; ip: string };
}

/** The reason of an order whose 3-D Secure check failed (the payer chose 'Fail authentication'). */
export const WORLDPAY_3DS_FAIL_REASON = '3-D Secure authentication failed';

export class WorldpayFake extends FakeServer {
  readonly tokens = new Map<string, { cardNumber: string; name: string }>();
  readonly orders = new Map<string, FakeWorldpayOrder>();
  readonly calls: { method: string; path: string; authorization?: string }[] = [];
  faults: ('hang' | 'error')[] = [];

  constructor(private readonly keys: { serviceKey: string; clientKey: string }) {
    super();
  }

  /** A token for a card, as the card form would make one. */
  token(cardNumber: string, name = 'Gwen Guest'): string {
    const token = `TEST_SU_${randomUUID()}`;
    this.tokens.set(token, { cardNumber: cardNumber.replace(/\D/g, ''), name });
    return token;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', ...cors });
      res.end(JSON.stringify(value));
    };
    const error = (status: number, customCode: string, message: string) =>
      send(status, { httpStatusCode: status, customCode, message, description: message, errorHelpUrl: null });
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'access-control-allow-methods': 'POST' });
      return void res.end();
    }
    if (req.method === 'GET' && url.pathname === '/v1/worldpay.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', ...cors });
      return void res.end(WORLDPAY_JS(this.url));
    }
    if (req.method === 'POST' && url.pathname === '/3ds') {
      const form = new URLSearchParams(raw);
      this.calls.push({ method: 'POST', path: '/3ds' });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(
        ISSUER_PAGE(form.get('PaReq') ?? '', form.get('TermUrl') ?? '', form.get('MD') ?? ''),
      );
    }
    if (req.method === 'GET' && url.pathname === '/v1/template') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(
        TEMPLATE(url.searchParams.get('clientKey') ?? '', originOf(url.searchParams.get('origin'))),
      );
    }
    this.calls.push({
      method: req.method ?? '',
      path: url.pathname,
      authorization: req.headers.authorization,
    });
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return error(400, 'BAD_REQUEST', 'Invalid JSON');
    }
    if (req.method === 'POST' && url.pathname === '/v1/tokens') {
      if (body.clientKey !== this.keys.clientKey) return error(401, 'UNAUTHORIZED', 'Invalid client key');
      const card = (body.paymentMethod ?? {}) as Record<string, string>;
      const token = this.token(String(card.cardNumber ?? ''), String(card.name ?? ''));
      const digits = String(card.cardNumber ?? '').replace(/\D/g, '');
      return send(200, {
        token,
        reusable: false,
        paymentMethod: {
          type: 'ObfuscatedCard',
          name: card.name,
          maskedCardNumber: `**** **** **** ${digits.slice(-4)}`,
        },
      });
    }
    const fault = this.faults.shift();
    if (fault === 'hang') {
      this.hold(res);
      return;
    }
    if (fault === 'error') return error(500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
    if (req.headers.authorization !== this.keys.serviceKey)
      return error(401, 'UNAUTHORIZED', 'Invalid service key');
    if (req.method === 'POST' && url.pathname === '/v1/orders') {
      const card = this.tokens.get(String(body.token));
      if (!card) return error(400, 'TKN_NOT_FOUND', 'Token not found');
      if (card.name === 'ERROR') return error(500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
      const declined = card.name === 'FAILED' || card.cardNumber === '4000000000000002';
      const threeDsAsked = body.is3DSOrder === true && typeof body.shopperSessionId === 'string';
      const status =
        card.name === '3D'
          ? threeDsAsked
            ? 'PRE_AUTHORIZED'
            : 'FAILED'
          : declined
            ? 'FAILED'
            : body.authorizeOnly
              ? 'AUTHORIZED'
              : 'SUCCESS';
      const order: FakeWorldpayOrder = {
        orderCode: randomUUID(),
        token: String(body.token),
        amount: Number(body.amount),
        currencyCode: String(body.currencyCode),
        authorizeOnly: body.authorizeOnly === true,
        customerOrderCode: String(body.customerOrderCode ?? ''),
        orderDescription: String(body.orderDescription ?? ''),
        paymentStatus: status,
        ...(status === 'PRE_AUTHORIZED'
          ? {
              threeDs: {
                token: randomBytes(8).toString('hex'),
                sessionId: String(body.shopperSessionId),
                userAgent: String(body.shopperUserAgent ?? ''),
                ip: String(body.shopperIpAddress ?? ''),
              },
            }
          : {}),
      };
      this.orders.set(order.orderCode, order);
      return send(
        200,
        this.answer(order, declined || status === 'FAILED' ? WORLDPAY_DECLINE_REASON : undefined),
      );
    }
    const order = /^\/v1\/orders\/([^/]+)$/.exec(url.pathname);
    if (order && req.method === 'PUT') {
      const o = this.orders.get(decodeURIComponent(order[1]!));
      if (!o?.threeDs || o.paymentStatus !== 'PRE_AUTHORIZED')
        return error(400, 'ORDER_NOT_3DS', 'Order is not awaiting 3-D Secure');
      if (body.shopperSessionId !== o.threeDs.sessionId)
        return error(400, 'SESSION_MISMATCH', 'shopperSessionId differs from the order');
      const code = String(body.threeDSResponseCode ?? '');
      if (!/^[YN]-/.test(code)) return error(400, 'INVALID_3DS_RESPONSE', 'Invalid threeDSResponseCode');
      const passed = code === `Y-${o.threeDs.token}`;
      o.paymentStatus = passed ? (o.authorizeOnly ? 'AUTHORIZED' : 'SUCCESS') : 'FAILED';
      return send(200, this.answer(o, passed ? undefined : WORLDPAY_3DS_FAIL_REASON));
    }
    if (order && req.method === 'DELETE') {
      const o = this.orders.get(decodeURIComponent(order[1]!));
      if (!o || o.paymentStatus !== 'AUTHORIZED')
        return error(400, 'ORDER_NOT_AUTHORIZED', 'Order is not authorised');
      o.paymentStatus = 'CANCELLED';
      res.writeHead(200, cors);
      return void res.end();
    }
    return error(404, 'NOT_FOUND', 'Not found');
  }

  /** An order as Worldpay answers it: a PRE_AUTHORIZED one with the issuer's page and its one-time token. */
  private answer(o: FakeWorldpayOrder, reason?: string): Record<string, unknown> {
    const { threeDs, ...order } = o;
    return {
      ...order,
      ...(reason ? { paymentStatusReason: reason } : {}),
      ...(o.paymentStatus === 'PRE_AUTHORIZED' && threeDs
        ? { is3DSOrder: true, redirectURL: `${this.url}/3ds`, oneTime3DsToken: threeDs.token }
        : {}),
      environment: 'TEST',
    };
  }
}

/**
 * The fake's test issuer page (3-D Secure 1): the payer chooses; the answer (PaRes: 'Y-' or 'N-'
 * and the one-time token) goes back to TermUrl with MD, as an issuer's page posts it.
 */
const ISSUER_PAGE = (paReq: string, termUrl: string, md: string) => {
  const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3-D Secure test page</title>
<style>body{font-family:Arial,sans-serif;margin:1rem}button{margin:.5rem .5rem 0 0;padding:.4rem 1rem}</style></head>
<body><div><h1 style="font-size:1.2rem">3-D Secure test page (Worldpay fake issuer)</h1>
<p>Confirm the payment as the card holder would.</p>
<form method="post" action="${esc(termUrl)}"><input type="hidden" name="MD" value="${esc(md)}">
<button type="submit" name="PaRes" value="${esc(`Y-${paReq}`)}">Authenticate</button>
<button type="submit" name="PaRes" value="${esc(`N-${paReq}`)}">Fail authentication</button></form></div></body></html>`;
};

/** The origin of a URL, or '' (the framing page's origin goes into the template's script). */
function originOf(value: string | null): string {
  try {
    return new URL(value ?? '').origin;
  } catch {
    return '';
  }
}

/** The fake's worldpay.js: the template form in an iframe of ours, its token back by postMessage. */
const WORLDPAY_JS = (origin: string) => `(function () {
  var ORIGIN = ${JSON.stringify(origin)};
  window.Worldpay = {
    useTemplateForm: function (o) {
      var section = document.getElementById(o.paymentSection);
      var frame = document.createElement('iframe');
      frame.title = 'Card details';
      frame.style.width = '100%';
      frame.style.height = '320px';
      frame.style.border = '0';
      frame.src = ORIGIN + '/v1/template?clientKey=' + encodeURIComponent(o.clientKey) +
        '&templateCode=' + encodeURIComponent(o.templateCode || '') +
        '&origin=' + encodeURIComponent(location.origin);
      section.innerHTML = '';
      section.appendChild(frame);
      window.addEventListener('message', function (e) {
        if (e.origin !== ORIGIN || !e.data || e.data.kind !== 'worldpay-token') return;
        o.callback({ token: e.data.token });
      });
    }
  };
})();`;

/** The fake's template form: a card form that makes a token and hands it to the page that framed it. */
const TEMPLATE = (
  clientKey: string,
  parent: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Card details</title><style>body{font-family:Arial,sans-serif;margin:0;padding:8px}label{display:block;margin-top:6px}
input{font-size:1rem;padding:4px;width:100%;box-sizing:border-box}button{margin-top:10px;padding:6px 14px}</style></head>
<body><form id="f"><label for="name">Name on card</label><input id="name" autocomplete="off" required>
<label for="card">Card number</label><input id="card" inputmode="numeric" autocomplete="off" required>
<label for="exp">Expiry (MM/YY)</label><input id="exp" value="12/30" autocomplete="off">
<label for="cvc">CVC</label><input id="cvc" value="123" autocomplete="off">
<button type="submit">Use this card</button><p id="err" role="alert"></p></form>
<script>
document.getElementById('f').addEventListener('submit', function (e) {
  e.preventDefault();
  var exp = document.getElementById('exp').value.split('/');
  fetch('/v1/tokens', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({
    clientKey: ${JSON.stringify(clientKey)}, reusable: false,
    paymentMethod: { type: 'Card', name: document.getElementById('name').value,
      cardNumber: document.getElementById('card').value, expiryMonth: exp[0], expiryYear: '20' + exp[1],
      cvc: document.getElementById('cvc').value } }) })
    .then(function (r) { return r.json(); })
    .then(function (t) {
      if (!t.token) { document.getElementById('err').textContent = t.message || 'Card not accepted'; return; }
      parent.postMessage({ kind: 'worldpay-token', token: t.token }, ${JSON.stringify(parent)});
    });
});
</script></body></html>`;
