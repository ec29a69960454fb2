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
 * never completed here), 'ERROR' answers an error. 4000 0000 0000 0002 declines too. Faults on
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
}

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
      const status =
        card.name === '3D'
          ? 'PRE_AUTHORIZED'
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
      };
      this.orders.set(order.orderCode, order);
      return send(200, {
        ...order,
        ...(declined ? { paymentStatusReason: WORLDPAY_DECLINE_REASON } : {}),
        ...(status === 'PRE_AUTHORIZED'
          ? { redirectURL: `${this.url}/3ds`, oneTime3DsToken: randomBytes(8).toString('hex') }
          : {}),
        environment: 'TEST',
      });
    }
    const order = /^\/v1\/orders\/([^/]+)$/.exec(url.pathname);
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
}

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
