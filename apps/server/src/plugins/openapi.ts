import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorBody } from '@courier/contracts';

/**
 * The calls anyone may make, without a session (spec "access…" §6 public routes and the calls
 * their screens make). Every other /api call needs one; the OpenAPI document says so, and a test
 * holds this list to what the server does.
 */
export const PUBLIC_CALLS = new Set([
  '/api/auth/login',
  '/api/auth/logout',
  '/api/auth/password/forgot',
  '/api/auth/password/reset',
  '/api/database/list',
  '/api/system/version',
  '/api/system/guestAccessAllowed',
  '/api/system/otp',
  '/api/system/password',
  '/api/docket/track',
  '/api/docket/track/events',
  '/api/docket/track/detail',
  '/api/docket/track/signature/{id}',
  '/api/docket/track/photo/{id}',
  '/api/quote/country/list',
  '/api/quote/county/list',
  '/api/quote/postcode/list',
  '/api/quote/customer',
  '/api/quote/tarifftype/list',
  '/api/quote/alltariffs/list',
  '/api/quote',
  '/api/quote/docket',
  '/api/quote/checkout',
  '/api/quote/payment',
  '/api/quote/register',
  '/api/larry/cardbooking/{guid}',
  '/api/strip/stripedetails',
  '/api/strip/checkout',
  '/api/strip/retriveSession',
  '/api/strip/payment',
  '/api/strip/webhook',
  '/api/system/worldpay',
  '/api/user/register',
  '/api/user/register/check',
  '/api/ping',
  '/api/driver/auth/login',
  '/api/driver/auth/logout',
  // Null without a driver session; the driver with one (DRIVER_CALLS: its session is optional).
  '/api/driver/auth/session',
]);

/**
 * The driver page's calls (issue 10 §2): they take a driver session (the `courier_driver` cookie
 * or its bearer token), never a user's.
 */
export const DRIVER_CALLS = new Set([
  '/api/driver/auth/session',
  '/api/driver/job/list',
  '/api/driver/exception/list',
  '/api/driver/job/action',
  '/api/driver/scan',
  '/api/driver/position',
]);

/** How a session is sent: the httpOnly cookie, or `Authorization: Bearer` (API users, downloads). */
export const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: 'courier_session' },
  bearer: { type: 'http', scheme: 'bearer' },
  driver: { type: 'apiKey', in: 'cookie', name: 'courier_driver' },
} as const;

/**
 * The error statuses of the one error shape (ARCHITECTURE rule 3) a call may answer: public calls
 * too answer 401 (guest access off), 403 (another site's Origin) and 429 (rate limits).
 */
const ERRORS = [400, 401, 403, 404, 409, 410, 415, 422, 429] as const;

/** Each call in a line, in the spec's words where it names the call (spec "access…" §7, "bookings…" §7). */
export const SUMMARIES: Record<string, string> = {
  '/api/auth/login':
    'Login: check the password and open a session (then the one-time code or password change)',
  '/api/auth/logout': "Logout: end the caller's session",
  '/api/auth/session': 'Token load: the session restored at start-up',
  '/api/auth/otp/verify': 'Verify the one-time code mailed at login (errorLevel 0 is success)',
  '/api/auth/otp/resend': 'Resend the one-time code',
  '/api/auth/password/forgot': 'Forgotten password: mail a reset link',
  '/api/auth/password/reset': 'Reset the password with the mailed token',
  '/api/auth/password/change': 'Change the password (forced change or My Account)',
  '/api/user/password': 'Change the password of the signed-in user',
  '/api/user/register': 'Register as a new user from a booking confirmation link',
  '/api/user/register/check': 'Whether a registration link can still be used',
  '/api/database/list': 'The databases (tenants) with their themes',
  '/api/system/version': 'App version and database version',
  '/api/system/guestAccessAllowed': 'Whether guests may quote and track on a database',
  '/api/system/otp': 'The one-time code lifetime in minutes',
  '/api/system/password': 'The password policy: minimum length and rules',
  '/api/system/cfg_disallow_pobox/list': 'Whether PO box addresses are refused',
  '/api/ping': "The benchmark's ceiling: one SELECT 1",
  '/api/system/tracking':
    'The tracking settings: whether guests may track, see the tracking box, and which sections of the tracking view',
  '/api/customer/list': "The caller's accounts",
  '/api/customer/post':
    "Save an account's reference labels, flags, payment, tariff, service, pod, delay and tracking lists",
  '/api/customer/reference/lists': "An account's reference lists",
  '/api/customer/reference/post': "Replace the values of one of an account's reference lists",
  '/api/customer/contact/list': "An account's contacts",
  '/api/customer/address/list': "The address book, an account's addresses, or one address",
  '/api/customer/address/post': 'Save an address book entry',
  '/api/customer/address/delete': 'Delete an address book entry',
  '/api/servicetype/list': 'Service types',
  '/api/tarifftype/list': 'Tariffs (vehicles) by id',
  '/api/country/list': 'Countries',
  '/api/county/list': 'Counties',
  '/api/quote/country/list': 'Countries, for the quote wizard',
  '/api/quote/county/list': 'Counties, for the quote wizard',
  '/api/postcode/list': 'Addresses matching a post code or address search',
  '/api/quote/postcode/list': 'Addresses matching a post code search, for the quote wizard',
  '/api/postcode/distance': 'Distance (miles) and travel time (minutes) between two post codes',
  '/api/docket/price': 'Price a booking: total, hold and VAT in pounds',
  '/api/docket/post': 'Save a booking (Idempotency-Key makes a retry safe)',
  '/api/docket/list': 'Booking list and history: a page of bookings by filter',
  '/api/docket/export': 'Export the booking list to CSV or PDF',
  '/api/docket/detail': 'One booking as saved',
  '/api/docket/address/list': "A booking's addresses",
  '/api/docket/barcode/list': "A booking's barcodes",
  '/api/docket/parcel/list': "A booking's parcels",
  '/api/docket/label': 'The consignment label (PDF)',
  '/api/report/docket': 'The docket report (PDF, named after the docket number)',
  '/api/report/list':
    "Report list: the caller's linked reports, description ascending, searched by description",
  '/api/report/run':
    'Report viewer: run a linked report over a date range and account; columns, rows and chart',
  '/api/report/export': 'Report viewer: a linked report run as CSV or PDF',
  '/api/docket/track': 'Track a consignment by its tracking reference',
  '/api/circuit/list': "Control: the caller's circuits, with acia_update and acia_refresh",
  '/api/circuit/columns/{code}': "Control: a circuit's columns (cir_selectfields)",
  '/api/circuit/docket/list/{code}':
    'Control: a page of the dockets a circuit selects, with its columns, colours and countdown flags',
  '/api/docket/status/list': 'Docket statuses with colours, allowed next statuses and what each asks for',
  '/api/docket/status/change':
    "Control: change a docket's status or allocate a driver (409 when it changed meanwhile)",
  '/api/driver/list': 'Drivers with their vehicles',
  '/api/driver/post': 'Save a driver',
  '/api/exception/list': 'Exception reasons for cancellations and exceptions',
  '/api/user/list': "User list: a page of the tenant's users (admin), or one user's detail by _id",
  '/api/user/post':
    'User save: create or update a user with accounts, circuits and reports (My Account: own details)',
  '/api/user/email/confirm': 'Confirm a new e-mail address from its mailed link',
  '/api/user/delete': 'Delete a user: sessions end, bookings and audit rows stay',
  '/api/user/accounts': "A user's linked accounts, or with _inScope the accounts that may be linked",
  '/api/user/circuits': "A user's linked circuits, or with _inScope the circuits that may be linked",
  '/api/user/reports': "A user's linked reports, or with _inScope the reports that may be linked",
  '/api/site/list': 'Sites a user may be allocated to',
  '/api/businessunit/list': 'Business units a user may be allocated to, each with its site',
  '/api/events': 'Live updates: server-sent events of the changes the caller may see',
  '/api/docket/track/events': 'Live updates of one tracked docket, by its tracking reference (public)',
  '/api/quote/customer': 'The account guests book on (aset_quote_customer), for the quote wizard',
  '/api/quote/tarifftype/list': 'Tariffs (vehicles) by id, for the quote wizard',
  '/api/quote/alltariffs/list':
    'Every tariff priced for the post codes and parcels, with how each price is made; starts a 15-minute quote',
  '/api/quote': 'The quote as it stands, or choose one of its tariffs',
  '/api/quote/docket': 'Save the contact details and addresses of a quote',
  '/api/quote/checkout': "Start the card payment of the chosen tariff's hold (authorise only)",
  '/api/quote/register': 'A fresh single-use registration token for a paid quote, by its guid',
  '/api/quote/payment': 'Complete a card payment: the booking reference once the provider authorised it',
  '/api/quote/book': "Book an account payer's quote on account, without a card payment",
  '/api/docket/checkout/provider':
    "How a card payer's card is taken: the provider of the account's method of payment and whether it is a card form",
  '/api/docket/checkout': "Start the card payment of a card payer's booking (authorise only)",
  '/api/docket/payment': "Complete a card payer's booking: the booking once the provider authorised it",
  '/api/larry/cardbooking/{guid}': 'Load a card booking (quote) by its guid',
  '/api/strip/stripedetails': "Stripe's publishable key (card checkout provider details)",
  '/api/strip/checkout': 'Start a Stripe Checkout Session for a quote: its id and hosted page url',
  '/api/strip/retriveSession':
    "A Stripe Checkout Session's status and last payment error, read by the server",
  '/api/strip/payment': 'Complete a Stripe card payment: the booking reference once Stripe holds the amount',
  '/api/strip/webhook': "Stripe's events (signed): a completed Checkout Session books its quote once",
  '/api/system/worldpay': "Worldpay's card form settings: clientKey, templateName, currency, holdMargin",
  '/api/log/list': 'Log viewer: a page of the audit log of one day, newest first',
  '/api/log/detail': 'Log viewer: one audit log entry with everything recorded for it',
  '/api/docket/tracking': "A docket's trace records (scans, status changes, positions), newest first",
  '/api/stock/list': "A docket's stock lines, ticked when scanned",
  '/api/docket/signature/list': "A docket's signatures (proof of delivery), each image by its url",
  '/api/docket/photo/list': "A docket's delivery photos, each image by its url",
  '/api/docket/signature/{id}': 'A signature image (PNG), with the rights of its docket',
  '/api/docket/photo/{id}': 'A delivery photo (JPEG or PNG), with the rights of its docket',
  '/api/docket/track/detail':
    'Tracking view by tracking reference: timeline, route, markers, stock and signatures (public)',
  '/api/docket/track/signature/{id}':
    "A signature image (PNG) of the tracking reference's docket only (public)",
  '/api/docket/track/photo/{id}':
    "A delivery photo (JPEG or PNG) of the tracking reference's docket only (public)",
  '/api/trackandtrace/list':
    "Track and Trace list: a page of the trace records of the caller's accounts in a date window",
  '/api/driver/auth/login': 'Driver page: sign in with driver code and PIN',
  '/api/driver/auth/logout': "Driver page: end the driver's session",
  '/api/driver/auth/session': 'Driver page: the signed-in driver, or null without a driver session',
  '/api/driver/job/list': "Driver page: the driver's allocated jobs in order, with stops, barcodes and stock",
  '/api/driver/exception/list': 'Driver page: exception reasons',
  '/api/driver/job/action':
    'Driver page: collected, delivered (signature, photo) or exception, through the status rules (Idempotency-Key)',
  '/api/driver/scan': 'Driver page: a barcode scanned or typed on a job (Idempotency-Key)',
  '/api/driver/position': "Driver page: a batch of the phone's positions (Idempotency-Key)",
};

/** The summary of a call: its line in SUMMARIES, or the settings group of system/{group}/list. */
function summaryOf(route: string): string | undefined {
  const url = route.replace(/:(\w+)/g, '{$1}');
  const [, group, verb] = /^\/api\/system\/(\w+)\/(list|post)$/.exec(url) ?? [];
  const summary =
    verb === 'post'
      ? `Settings: save the ${group} group (administrators)`
      : group && `Settings: the ${group} group, key to value`;
  return SUMMARIES[url] ?? summary;
}

/** The calls that answer a file, and its media types. */
const DOWNLOADS: Record<string, string[]> = {
  '/api/docket/export': ['text/csv', 'application/pdf'],
  '/api/docket/label': ['application/pdf'],
  '/api/report/docket': ['application/pdf'],
  '/api/report/export': ['text/csv', 'application/pdf'],
  '/api/docket/signature/{id}': ['image/png'],
  '/api/docket/photo/{id}': ['image/jpeg', 'image/png'],
};
const fileBody = z.string().meta({ format: 'binary' });
/** The calls that answer a stream of server-sent events. */
const STREAMS = new Set(['/api/events', '/api/docket/track/events']);

/** `POST /api/docket/address/list` → `post_docket_address_list`. */
export const operationIdOf = (method: string, url: string) =>
  `${method.toLowerCase()}_${url
    .replace(/^\/api\//, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/_+$/, '')}`;

/**
 * Makes the OpenAPI document tell the truth about every /api call (issue: the API contract tells
 * the truth): an operationId, a summary, its security (none for PUBLIC_CALLS), each error status it
 * can answer with the error body, and the media types of the files it answers. Register before the
 * routes.
 */
export function documentCalls(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const schema = (route.schema ?? {}) as Record<string, unknown> & { hide?: boolean };
    if (schema.hide) return;
    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    // The document's path ('/api/larry/cardbooking/{guid}') of Fastify's ('/api/larry/cardbooking/:guid').
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const open = PUBLIC_CALLS.has(path);
    const files = DOWNLOADS[path];
    const stream = STREAMS.has(path);
    route.schema = {
      ...schema,
      operationId: operationIdOf(method, path),
      ...(summaryOf(path) ? { summary: summaryOf(path) } : {}),
      security: open
        ? DRIVER_CALLS.has(path)
          ? [{}, { driver: [] }, { bearer: [] }]
          : []
        : DRIVER_CALLS.has(path)
          ? [{ driver: [] }, { bearer: [] }]
          : [{ session: [] }, { bearer: [] }],
      response: {
        ...Object.fromEntries(ERRORS.map((status) => [status, errorBody])),
        ...(files
          ? {
              200: {
                description: 'The file, as a download',
                content: Object.fromEntries(files.map((type) => [type, { schema: fileBody }])),
              },
            }
          : {}),
        ...(stream
          ? {
              200: {
                description: 'Server-sent events (ready, docket) and heartbeat comments',
                content: { 'text/event-stream': { schema: z.string() } },
              },
            }
          : {}),
        ...(schema.response as object | undefined),
      },
    };
  });
}
