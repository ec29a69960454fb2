import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads, with its default. Nothing else reads process.env. */
export const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    TENANT_NAME: z.string().default('Courier'),
    TENANTS_FILE: z.string().optional(),
    SEED_DEMO: bool.default(true),
    /**
     * The sandbox card payment page (a test page of our own that takes test cards for nothing).
     * Unset: on where demo data is seeded (SEED_DEMO), off otherwise, so that a live tenant whose
     * settings still name 'sandbox' refuses card payments instead of booking them unpaid.
     */
    PAYMENT_SANDBOX: bool.optional(),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
    LOGIN_RATE_MAX: z.coerce.number().int().min(1).default(10),
    TRACK_RATE_MAX: z.coerce.number().int().min(1).default(300),
    /** quote/alltariffs/list (which stores a quote) per address per minute. */
    QUOTE_CREATE_RATE_MAX: z.coerce.number().int().min(1).default(30),
    /** docket/post bookings that name an e-mail (a confirmation mail each) per user per minute. */
    DOCKET_MAIL_RATE_MAX: z.coerce.number().int().min(1).default(30),
    /** The tracking view's map tiles (a Leaflet URL template); empty: no map. */
    MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_ATTRIBUTION: z.string().default('&copy; OpenStreetMap contributors'),
    COOKIE_SECURE: bool.default(false),
    /**
     * Which proxies' `X-Forwarded-For` entries name the caller (every per-address rate limit keys
     * on it): 'false' none (the socket's address); 'true' the proxies on this host and on private
     * networks (loopback, link-local and unique-local ranges: a load balancer in front); else a
     * comma-separated list of the proxies' addresses, CIDR ranges or those range names. The caller
     * is the nearest address that is not a trusted proxy, never a leftmost entry a client wrote.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .transform((v, ctx): false | string => {
        if (v === 'false' || v === '0') return false;
        if (v === 'true' || v === '1') return 'loopback, linklocal, uniquelocal';
        const entry = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/;
        if (v.split(',').every((part) => entry.test(part.trim()))) return v;
        ctx.addIssue({ code: 'custom', message: "TRUST_PROXY: false, true, or the proxies' addresses" });
        return z.NEVER;
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().default('apps/web/dist'),
    /** Shared rate-limit counters when several server processes run (redis://host:6379). */
    REDIS_URL: z.string().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Courier Portal <no-reply@localhost>'),
    /** The portal's address as users reach it (links in mail, payment returns); default: this PORT on localhost. */
    PUBLIC_URL: z.string().optional(),
    ADDRESS_API_KEY: z.string().optional(),
    ADDRESS_API_URL: z.url().default('https://api.getAddress.io'),
    /** Stripe Checkout: the secret key (server only), the webhook's signing secret, the publishable key. */
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    /** Another Stripe API base (a local fake in tests); Stripe's own by default. */
    STRIPE_API_BASE: z.url().optional(),
    /** Worldpay: the service key (server only) and the card form's client key and template. */
    WORLDPAY_SERVICE_KEY: z.string().optional(),
    WORLDPAY_CLIENT_KEY: z.string().optional(),
    WORLDPAY_TEMPLATE_NAME: z.string().optional(),
    /** Another Worldpay API base and card form script (a local fake in tests); Worldpay's by default. */
    WORLDPAY_API_BASE: z.url().optional(),
    WORLDPAY_JS_URL: z.url().optional(),
  })
  // A server started on another PORT sends its payers back to itself, not to port 3000.
  .transform((e) => ({
    ...e,
    PUBLIC_URL: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    PAYMENT_SANDBOX: e.PAYMENT_SANDBOX ?? e.SEED_DEMO,
  }));
export type Env = z.output<typeof envSchema>;

/** The app version from the root package.json. */
export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** Parses process.env once; throws a readable error naming each bad variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
