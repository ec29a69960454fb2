import {
  MSG,
  passedDeadlineErrors,
  penceToPounds,
  type DocketData,
  type PostResponse,
  type PriceResponse,
  type TrackRequest,
  type TrackResponse,
  type TrackingSettings,
} from '@courier/contracts';
import { AppError, validationError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { GeoIndex, PostcodePlace } from '../../lib/geo';
import { trackingReference } from '../../lib/tokens';
import type { Db, Executor } from '../../db/client';
import type { Tenant, TenantRegistry } from '../../db/tenants';
import { assertAccount, assertRight, trackingReadScope, type AuthContext } from '../auth/access';
import { tenantByName } from '../auth/tenant-tokens';
import { assertGuestAllowed } from '../auth/guest.service';
import { guestTrackingOf } from '../settings/settings.service';
import { normalisePostcode, placeOf, routeMiles } from '../postcode/postcode.service';
import { checkBooking, readBookingContextOf } from './docket.validation';
import { priceJob, travelMinutes, type PricePence } from '../pricing/pricing.service';
import { capacityOf, overCapacity } from '../pricing/capacity';
import * as repo from './dockets.repository';
import { mailTo, trackingLink, type Mailer } from '../../lib/mail';
import { issueRegistrationToken, registrationLink } from '../users/register.service';
import { seesPrices, shownPounds } from '../pricing/price-view';
import { bookingMail } from './booking.mail';
import { idempotencyOf, once } from '../idempotency/idempotency.service';
import { announceBooked } from '../events/events.service';

/** What the docket service needs beyond the caller. */
export interface DocketDeps {
  geo: GeoIndex;
  clock: Clock;
  tenants: TenantRegistry;
  /** Public tracking look-ups allowed per address per minute (default 300). */
  trackRateMax?: number;
  /**
   * Bookings that name an e-mail allowed per user per minute (default 30): each sends its
   * confirmation to the address typed, so a signed-in caller cannot turn docket/post into a mailer.
   */
  docketMailRateMax?: number;
  /** Sends the booking confirmation. */
  mailer: Mailer;
  /** Base URL of the links in mails. */
  publicUrl: string;
  /** The map tiles' URL template; none, no map on the tracking view. */
  mapTileUrl?: string;
  /** Where a failed live notice of a new booking goes (announceBooked); never to the booker. */
  onNotifyError?: (err: unknown) => void;
}

/** A booking's route and price: the places of its post codes, miles, minutes and pence. */
export interface Priced {
  places: PostcodePlace[];
  miles: number;
  minutes: number;
  price: PricePence;
}

/**
 * Rights, account, the booking rules, no deadline already passed (400 naming it), the vehicle's
 * capacity (422 naming the limit), then distance
 * along the addresses and the tariff's price (pence; its hold without any margin). Shared by
 * docket/price, docket/post and the booking screen's card checkout. 400/403/422 as each names.
 */
export async function priceInput(
  auth: AuthContext,
  deps: DocketDeps,
  input: DocketData,
  db: Db,
): Promise<Priced> {
  assertRight(auth, 'booking');
  assertAccount(auth, input.dck_cust_id);
  // The rules, the account's references, the tariff and the service type: one round trip.
  const context = await readBookingContextOf(db, input);
  const rules = checkBooking(context, auth.user.ausr_bypass_pcode_validation === 'T', input);
  const passed = passedDeadlineErrors(input.addresses, deps.clock.now().getTime());
  if (Object.keys(passed).length) throw validationError(passed);
  const tariff = context.tariff;
  if (!tariff) throw validationError({ dck_tariff: 'Unknown tariff' });
  const tooMuch = overCapacity(
    tariff.ttyp_description,
    capacityOf(tariff.ttyp_tariff, rules.config),
    input.parcels,
  );
  if (tooMuch) throw new AppError('BUSINESS_RULE', tooMuch, { parcels: tooMuch });
  if (!context.service_type) throw validationError({ dck_serv_type: 'Unknown service type' });
  const places = input.addresses.map((a, i) =>
    placeOf(deps.geo, a.dadd_postalcode, `addresses.${i}.dadd_postalcode`),
  );
  const miles = routeMiles(places);
  const pieces = input.parcels.reduce((n, p) => n + p.dpcl_quantity, 0);
  return {
    places,
    miles,
    minutes: travelMinutes(miles, tariff.ttyp_speed_mph),
    price: priceJob(tariff, miles, pieces),
  };
}

/** docket/price (booking and price rights): `{ total, hold, netvat, distance }`, pounds and miles. */
export async function price(auth: AuthContext, deps: DocketDeps, input: DocketData): Promise<PriceResponse> {
  assertRight(auth, 'price');
  const { price: p, miles } = await priceInput(auth, deps, input, auth.db);
  return {
    total: penceToPounds(p.total),
    hold: penceToPounds(p.hold),
    netvat: penceToPounds(p.vat),
    distance: miles,
  };
}

/** The booking's search text after its number (insertBooking puts the number first), lower case. */
const searchText = (input: DocketData) =>
  [
    input.dck_cust_ref1,
    input.dck_cust_ref2,
    input.dck_cust_ref3,
    input.dck_cust_ref4,
    input.dck_contact,
    ...input.addresses.flatMap((a) => [a.dadd_companyname, a.dadd_town, a.dadd_postalcode]),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();

/**
 * docket/post: saves the docket, its addresses, barcodes and parcels in one transaction, with the
 * registration secret when the booking names an e-mail. Returns the tenant's next docket number, a
 * fresh unguessable tracking reference and, with the price right only, the total and VAT (pounds).
 * After the commit the live streams hear of it (announceBooked) and the booking confirmation goes
 * to dck_email, both in the background; a failed mail is passed to `onMailError` and never fails
 * the booking. With an `idempotencyKey` a repeated call
 * (a client retrying after a lost answer) gets the first answer and books nothing more; the key
 * with another body is a 422.
 */
export async function post(
  auth: AuthContext,
  deps: DocketDeps,
  input: DocketData,
  onMailError: (err: unknown) => void = () => undefined,
  idempotencyKey?: string,
): Promise<PostResponse> {
  const priced = await priceInput(auth, deps, input, auth.db);
  const account = auth.accounts.find((a) => a.cust_id === input.dck_cust_id)!;
  // A card payer's booking is saved by its authorised payment (docket/checkout, docket/payment).
  if (account.cust_mop !== 'A')
    throw new AppError('BUSINESS_RULE', MSG.cardPayerBooking, { dck_cust_id: MSG.cardPayerBooking });
  const booked = deps.clock.now();
  const total = shownPounds(auth, priced.price.total);
  const netvat = shownPounds(auth, priced.price.vat);
  const idem = idempotencyOf(auth.user.ausr_id, 'docket/post', idempotencyKey, input);
  // Kept out of the answer (which an idempotency key stores): the secret goes only into the mail.
  let registerToken: string | undefined;
  const work = async (tx: Executor): Promise<PostResponse> => {
    const saved = await writeBooking(tx, {
      input,
      priced,
      ausrId: auth.user.ausr_id,
      logon: auth.user.ausr_logon,
      booked,
    });
    registerToken = saved.registerToken;
    return {
      dck_id: saved.dck_id,
      dck_docket: saved.dck_docket,
      tracking_reference: saved.tracking_reference,
      ...(total === null || netvat === null ? {} : { total, netvat }),
    };
  };
  return once(
    auth.db,
    idem,
    booked,
    work,
    (saved) => {
      announceBooked(auth.db, saved.dck_id, booked, deps.onNotifyError ?? (() => undefined));
      if (registerToken)
        sendConfirmation(
          deps,
          auth.tenant.name,
          input,
          saved,
          registerToken,
          seesPrices(auth) ? priced.price.total : null,
        ).catch(onMailError);
    },
    // Without an e-mail there is no registration token to write: the booking is one statement.
    { oneStatement: !input.dck_email },
  );
}

/** What one booking write needs: the booking, its route and price, who booked (null: a guest) and when. */
export interface BookingWrite {
  input: DocketData;
  priced: Priced;
  ausrId: number | null;
  /** The audit row's user ('guest' for the quote wizard). */
  logon: string;
  booked: Date;
  /** The audit row's process: 'post' (docket/post) or 'quote' (a paid quote). */
  process?: string;
}

/** The written booking: ids, references and the registration secret when it names an e-mail. */
export interface BookingWritten {
  dck_id: number;
  dck_docket: number;
  tracking_reference: string;
  registerToken?: string;
}

/**
 * The one booking write (ARCHITECTURE rule 2), shared by docket/post and the quote's fulfilment:
 * the docket with its addresses, barcodes and parcels, the audit row and the registration secret.
 * Call inside the caller's transaction, so a failure leaves nothing half-written.
 */
export async function writeBooking(tx: Executor, w: BookingWrite): Promise<BookingWritten> {
  const { input, priced } = w;
  const tracking = trackingReference();
  const { dck_id: dckId, dck_docket: dckDocket } = await repo.insertBooking(tx, {
    docket: {
      dck_cust_id: input.dck_cust_id,
      dck_ausr_id: w.ausrId,
      dck_serv_type: input.dck_serv_type,
      dck_tariff: input.dck_tariff,
      dck_cust_ref1: input.dck_cust_ref1,
      dck_cust_ref2: input.dck_cust_ref2,
      dck_cust_ref3: input.dck_cust_ref3,
      dck_cust_ref4: input.dck_cust_ref4,
      dck_cust_ref5: input.dck_cust_ref5,
      dck_cust_ref6: input.dck_cust_ref6,
      dck_contact: input.dck_contact,
      dck_telephone: input.dck_telephone,
      dck_email: input.dck_email,
      dck_status: 'W',
      dck_booked: w.booked,
      dck_distance: priced.miles,
      dck_time: priced.minutes,
      dck_net_pence: priced.price.net,
      dck_vat_pence: priced.price.vat,
      dck_total_pence: priced.price.total,
      tracking_reference: tracking,
    },
    search: searchText(input),
    addresses: input.addresses.map(({ barcodes, ...a }, i) => ({
      ...a,
      dadd_seq: i,
      dadd_postalcode: normalisePostcode(a.dadd_postalcode),
      dadd_country: a.dadd_country || 'United Kingdom',
      dadd_ready: a.dadd_ready ? new Date(a.dadd_ready) : null,
      dadd_deadline: a.dadd_deadline ? new Date(a.dadd_deadline) : null,
      dadd_latitude: priced.places[i]!.lat,
      dadd_longitude: priced.places[i]!.lon,
      barcodes: barcodes.map((b) => b.dab_barcode),
    })),
    parcels: input.parcels,
    audit: { user: w.logon, process: w.process ?? 'post' },
  });
  const registerToken = input.dck_email
    ? await issueRegistrationToken(tx, { dckId, email: input.dck_email, bookedAt: w.booked })
    : undefined;
  return { dck_id: dckId, dck_docket: dckDocket, tracking_reference: tracking, registerToken };
}

/**
 * The booking confirmation with its tracking and /register links; the total (pence) only when
 * the booker may see prices (null hides it).
 */
export function sendConfirmation(
  deps: Pick<DocketDeps, 'mailer' | 'publicUrl'>,
  database: string,
  input: DocketData,
  saved: { dck_id: number; dck_docket: number; tracking_reference: string },
  token: string,
  totalPence: number | null,
): Promise<void> {
  return deps.mailer.send(
    bookingMail({
      tenant: database,
      to: mailTo(input.dck_email),
      dck_docket: saved.dck_docket,
      trackingLink: trackingLink(deps.publicUrl, saved.tracking_reference, database),
      registerLink: registrationLink(
        deps.publicUrl,
        {
          database,
          dck_id: saved.dck_id,
          dck_email: input.dck_email,
          dck_contact: input.dck_contact,
          dck_telephone: input.dck_telephone,
        },
        token,
      ),
      addresses: input.addresses,
      totalPence,
    }),
  );
}

/**
 * The docket a public tracking reference names, and its tenant, for the tracking view's live stream,
 * details and images: the same checks as docket/track (guest access, or a session of that
 * database). `live` while its status is not a complete one.
 * @throws AppError NOT_FOUND 'Your order was not found, please check your Tracking Reference'
 */
export async function trackedDocket(
  deps: Pick<DocketDeps, 'tenants'>,
  req: TrackRequest,
  caller: AuthContext | undefined,
): Promise<{
  tenant: Tenant;
  dck_id: number;
  live: boolean;
  tracking: TrackingSettings | null;
}> {
  const ref = req.tracking_ref.toUpperCase();
  const { tenant, tracking } = await trackedTenant(deps, req, caller);
  const r = await repo.findByTrackingReference(tenant.db, ref);
  if (!r) throw new AppError('NOT_FOUND', MSG.trackingNotFound);
  return { tenant, dck_id: r.dck_id, live: r.dsts_complete !== 'T', tracking };
}

/**
 * Whether `caller` is shown a tracked docket whole, whatever the tenant's guest tracking settings
 * (aset_track_map, _stock, _signatures): a user signed in to its database who may read the
 * docket's tracking (trackingReadScope: the control room, administrators, the docket's own users
 * with a history, booking or trace right). Anyone else holding the reference, other users of the
 * database included, is shown what a guest is: registering must not lift the guest settings
 * (security probe 6).
 */
export async function seesWholeTracking(
  caller: AuthContext | undefined,
  tenant: { name: string; db: Db },
  ref: string,
): Promise<boolean> {
  if (caller?.tenant.name !== tenant.name) return false;
  const scope = trackingReadScope(caller);
  if (scope === null) return false;
  return scope === 'tenant' || repo.trackedInScope(tenant.db, ref, scope);
}

/**
 * The guest checks' 401 as a signed-in user of `database` meets it (a docket not theirs, where
 * guests may not track): 404 'Your order was not found…', as for an unknown reference.
 */
const unknownToUser =
  (caller: AuthContext | undefined, database: string) =>
  (err: unknown): never => {
    if (caller?.tenant.name === database && err instanceof AppError && err.code === 'NOT_AUTHENTICATED')
      throw new AppError('NOT_FOUND', MSG.trackingNotFound);
    throw err;
  };

/**
 * The tenant of a tracking reference's public call, and the tracking settings the caller's view
 * follows: none when it sees the docket whole (seesWholeTracking), else a guest's (trackingTenant),
 * where a signed-in user refused as a guest is told the reference is unknown (unknownToUser).
 */
async function trackedTenant(
  deps: Pick<DocketDeps, 'tenants'>,
  req: TrackRequest,
  caller: AuthContext | undefined,
) {
  const ref = req.tracking_ref.toUpperCase();
  const whole = await seesWholeTracking(caller, tenantByName(deps, req.database), ref);
  return trackingTenant(deps, req.database, whole ? caller : undefined).catch(
    unknownToUser(caller, req.database),
  );
}

/**
 * The tenant of a public tracking call and, for a guest, its tracking settings (null for a
 * `caller` signed in to it: callers pass one only when it sees the docket whole). 401 for a guest
 * where guests are not allowed (GuestAccessAllowed) or public tracking is off (aset_web_tracking 'F').
 */
async function trackingTenant(
  deps: Pick<DocketDeps, 'tenants'>,
  database: string,
  caller: AuthContext | undefined,
) {
  const tenant = tenantByName(deps, database);
  if (caller?.tenant.name === tenant.name) return { tenant, tracking: null };
  const { guestAccess, tracking } = await guestTrackingOf(tenant.db);
  assertGuestAllowed(guestAccess);
  if (tracking.aset_web_tracking === 'F') throw new AppError('NOT_AUTHENTICATED', MSG.notAuthenticated);
  return { tenant, tracking };
}

/**
 * docket/track (public): the order summary, and whether its details will show this caller a map;
 * 404 with the spec's message when not found; 401 for a
 * guest when the database does not allow guest access or public tracking (aset_web_tracking 'F').
 */
export async function track(
  deps: DocketDeps,
  req: TrackRequest,
  caller: AuthContext | undefined,
): Promise<TrackResponse> {
  const { tenant, tracking } = await trackedTenant(deps, req, caller);
  const r = await repo.findByTrackingReference(tenant.db, req.tracking_ref.toUpperCase());
  if (!r) throw new AppError('NOT_FOUND', MSG.trackingNotFound);
  return {
    tracking_reference: r.tracking_reference,
    dck_docket: Number(r.dck_docket),
    status: r.dsts_description,
    dsts_color: r.dsts_color,
    dsts_font_color: r.dsts_font_color,
    collection: { town: r.from_town ?? '', postcode: r.from_postcode ?? '' },
    delivery: { town: r.to_town ?? '', postcode: r.to_postcode ?? '' },
    booked: new Date(r.dck_booked).toISOString(),
    // A guest sees the Map View where the tenant's settings show it (as docket/track/detail).
    map: !!deps.mapTileUrl && (tracking === null || tracking.aset_track_map === 'T'),
  };
}
