import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG, quoteDocketRequest, type QuoteView } from '@courier/contracts';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageTitle } from '../../../components/PageTitle';
import { Section } from '../../../components/Section';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { notifyApiError, notifyError } from '../../../lib/notify';
import { postcodeError } from '../../../lib/postcode';
import { storedDatabase } from '../../../lib/stored-context';
import { useTenantTheme } from '../../../lib/tenant-theme';
import { storedCheckout } from '../checkout-session';
import { useGuestDatabase, useSession } from '../../auth';
import { quoteKey, quoteQuery, useChooseTariff } from '../api/quote';
import { cardBookingQuery } from '../api/card-booking';
import { useQuoteBook } from '../api/quote-book';
import { useQuoteCheckout } from '../api/quote-checkout';
import { quoteCustomerQuery } from '../api/quote-customer';
import { useQuoteDocket } from '../api/quote-docket';
import { useQuotePayment } from '../api/quote-payment';
import { useQuoteRegister } from '../api/quote-register';
import { useQuoteTariffs } from '../api/quote-tariffs';
import { AddressesStep } from '../components/AddressesStep';
import { ConfirmationStep } from '../components/ConfirmationStep';
import { ContactStep } from '../components/ContactStep';
import { PostcodesStep } from '../components/PostcodesStep';
import { QuoteSummary } from '../components/QuoteSummary';
import { TariffList } from '../components/TariffList';
import { WizardNav } from '../components/WizardNav';
import { CardCheckModal } from '../../../components/CardCheckModal';
import { WorldpayCardForm } from '../../../components/WorldpayCardForm';
import {
  addressPartsErrors,
  addressValuesOf,
  backPage,
  docketBody,
  isAccountPayer,
  nextPage,
  PAGE,
  PAGE_TITLE,
  parsePage,
  registerPath,
  requoteBody,
  resumePage,
  tariffsBody,
  termsErrors,
  wizardPath,
  type ContactValues,
  type PostcodeValues,
  type QuoteAddressValues,
  type TermsTicks,
  type WizardPage,
} from '../quote-wizard';
import { useQuoteExpiry } from '../use-quote-expiry';

export { default as PaymentSuccessPage } from './PaymentSuccessPage';
export { default as PaymentFailedPage } from './PaymentFailedPage';

/** Notification titles of spec "bookings…" §8. */
const TITLE = {
  expired: MSG.quoteExpiredTitle,
  payment: MSG.paymentUnsuccessfulTitle,
  loading: 'Loading Quote',
  booking: 'Booking',
  submit: 'Submit Error',
} as const;

/** Payment errors show 15 s (spec "bookings…" §9). */
const PAYMENT_ERROR_MS = 15_000;
/** While the provider has no answer yet (409), page 7 asks again this often, this many times. */
const POLL_MS = 1_500;
const POLL_TRIES = 20;

const EMPTY_CONTACT: ContactValues = { dck_contact: '', dck_telephone: '', dck_email: '' };
const NO_TICKS: TermsTicks = { terms: false, packaging: false, prohibited: false };

/** Errors by field of a failed call (400, 422), or none. */
const fieldsOf = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? (error.fields ?? {}) : {};
const isGone = (error: unknown) => error instanceof ApiError && error.status === 410;

/** Page 1's values from a quote's post codes (Back from 'Your Quote'). */
const postcodesOf = (view: QuoteView | undefined): PostcodeValues => ({
  collect: view?.addresses[0]?.dadd_postalcode ?? '',
  deliver: view?.addresses[view.addresses.length - 1]?.dadd_postalcode ?? '',
  quantity: String(view?.parcels[0]?.dpcl_quantity ?? 1),
  weight: view?.parcels[0] ? String(view.parcels[0].dpcl_weight) : '',
});

interface WizardProps {
  database: string;
  signedIn: boolean;
}

/** The wizard on one database: its pages, driven by `page` and `guid` in the address. */
function QuoteWizard({ database, signedIn }: WizardProps) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requested = parsePage(params.get('page'));
  const guid = params.get('guid');

  const customer = useQuery(quoteCustomerQuery(database));
  const quote = useQuery({ ...quoteQuery(database, guid ?? ''), enabled: !!guid });
  const view = guid ? quote.data : undefined;
  const tariffs = useQuoteTariffs();
  const choose = useChooseTariff();
  const saveDocket = useQuoteDocket();
  const checkout = useQuoteCheckout();
  const payment = useQuotePayment();
  const register = useQuoteRegister();
  const bookOnAccount = useQuoteBook();

  const [postcodes, setPostcodes] = useState<PostcodeValues>(() => postcodesOf(undefined));
  const [contact, setContact] = useState<ContactValues>(EMPTY_CONTACT);
  const [ticks, setTicks] = useState<TermsTicks>(NO_TICKS);
  const [addresses, setAddresses] = useState<QuoteAddressValues[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [paymentError, setPaymentError] = useState<{ message: string; reason?: string } | null>(null);
  /** The hosted card form's token (Worldpay), from page 5 to page 7; single use. */
  const [cardToken, setCardToken] = useState<string | null>(null);
  /** Page 7: the card issuer's 3-D Secure check that waits for the payer (our card check page), or null. */
  const [cardCheck, setCardCheck] = useState<string | null>(null);
  /** Page 7's questions to the server stop when the payer gives up the card check. */
  const polling = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Page 7's current round of questions: an answer of an earlier round (a given-up check) is ignored. */
  const pollRound = useRef(0);
  const stopPolling = () => {
    pollRound.current += 1;
    clearTimeout(polling.current);
  };
  // Until this tab takes the quote's saved contact (an effect below), the saved one counts: a visit
  // of page 4 after a reload must not be sent back to page 3 by a render that ran before the fill.
  const shown =
    contact === EMPTY_CONTACT && view
      ? { dck_contact: view.dck_contact ?? '', dck_email: view.dck_email ?? '' }
      : contact;
  const contactReady = shown.dck_contact.trim() !== '' && shown.dck_email.trim() !== '';

  const mop = customer.data?.cust_mop;
  const cardForm = customer.data?.card_provider === 'worldpay';
  const symbol = customer.data?.currency_symbol ?? '£';
  const page = guid && quote.isPending ? requested : resumePage(requested, view, contactReady);

  const go = (to: WizardPage, toGuid: string | null = guid, replace = false) => {
    setErrors((old) => (Object.keys(old).length ? {} : old));
    setParams(new URLSearchParams(wizardPath(to, toGuid).split('?')[1]), { replace });
  };

  // A visit past what the quote allows resumes where the server's state says: one replace per
  // target (a navigation asked for again on every render would cancel itself and never land).
  const resumedTo = useRef<string | null>(null);
  const settled = !(guid && quote.isPending);
  useEffect(() => {
    if (!settled || page === requested) {
      resumedTo.current = null;
      return;
    }
    const target = `${page}|${guid ?? ''}`;
    if (resumedTo.current === target) return;
    resumedTo.current = target;
    go(page, guid, true);
  }, [settled, page, requested, guid]);

  // The quote's saved details fill pages 3 and 4 when this tab has none (a reload).
  const filledFrom = useRef<string | null>(null);
  useEffect(() => {
    if (!view || filledFrom.current === view.guid) return;
    filledFrom.current = view.guid;
    setPostcodes(postcodesOf(view));
    if (view.dck_contact)
      setContact({
        dck_contact: view.dck_contact,
        dck_telephone: view.dck_telephone,
        dck_email: view.dck_email,
      });
    setAddresses((old) =>
      old.length === view.addresses.length &&
      old.every((a, i) => a.dadd_postalcode === view.addresses[i]!.dadd_postalcode)
        ? old
        : addressValuesOf(view),
    );
  }, [view]);

  /**
   * 'Quote Expired: Sorry your quote is no longer valid, please try again', and back to the
   * tariffs of a new quote for the same post codes (or to page 1 when they are not known).
   */
  const expire = () => {
    notifyError(TITLE.expired, MSG.quoteExpired);
    const last = view ?? quote.data;
    if (!last) return go(PAGE.postcodes, null);
    tariffs.mutate(requoteBody(database, last), {
      onSuccess: (fresh) => go(PAGE.tariffs, fresh.guid),
      onError: () => go(PAGE.postcodes, null),
    });
  };
  useQuoteExpiry(view, page, expire);

  // The quote cannot be read: expired (410) or unknown (404) since this link was made.
  const loadError = guid ? quote.error : null;
  const handledLoadError = useRef<unknown>(null);
  useEffect(() => {
    if (!loadError || handledLoadError.current === loadError) return;
    handledLoadError.current = loadError;
    if (isGone(loadError)) expire();
    else {
      notifyApiError(TITLE.loading, loadError);
      go(PAGE.postcodes, null, true);
    }
  });

  /** A failed call: 410 is the expiry; field errors show at their fields; the rest as `title: message`. */
  const failed = (title: string) => (error: unknown) => {
    if (isGone(error)) return expire();
    const fields = fieldsOf(error);
    setErrors(fields);
    notifyApiError(title, error);
  };

  // Page 7: the return from the provider's page asks the server what became of the payment, once
  // per visit of the page (a re-render while the answer is handled must not ask again).
  const asked = useRef(false);
  useEffect(() => stopPolling, []);
  useEffect(() => {
    if (page !== PAGE.hosted) {
      asked.current = false;
      return;
    }
    if (!view || asked.current) return;
    asked.current = true;
    const stored = storedCheckout.get();
    if (!stored || stored.guid !== view.guid || stored.database !== database)
      return go(PAGE.capture, guid, true);
    let tries = 0;
    const round = ++pollRound.current;
    const ask = () =>
      payment.mutate(
        {
          database,
          guid: view.guid,
          reference: stored.reference,
          ...(cardToken ? { token: cardToken } : {}),
        },
        {
          onSuccess: () => {
            if (round !== pollRound.current) return;
            storedCheckout.set(null);
            setCardToken(null);
            setCardCheck(null);
            setPaymentError(null);
            void queryClient.invalidateQueries({ queryKey: quoteQuery(database, view.guid).queryKey });
            go(PAGE.confirmation, guid, true);
          },
          onError: (error) => {
            if (round !== pollRound.current) return;
            // The card issuer's check waits for the payer: shown, and asked again until it is answered.
            const check = fieldsOf(error).challenge;
            if (error instanceof ApiError && error.status === 409 && check) {
              setCardCheck(check);
              polling.current = setTimeout(ask, POLL_MS);
              return;
            }
            if (error instanceof ApiError && error.status === 409 && ++tries < POLL_TRIES) {
              polling.current = setTimeout(ask, POLL_MS);
              return;
            }
            setCardToken(null);
            setCardCheck(null);
            if (isGone(error)) return expire();
            const message = error instanceof ApiError ? error.message : MSG.paymentError;
            notifyError(TITLE.payment, message, PAYMENT_ERROR_MS);
            setPaymentError({ message, reason: fieldsOf(error).reference });
            go(PAGE.capture, guid, true);
          },
        },
      );
    ask();
  });

  if (guid && quote.isPending) return <LoadingBlock error={null} />;
  if (!customer.data) return <LoadingBlock error={customer.error} />;

  const title = PAGE_TITLE[page];
  const next = () => go(nextPage(page, mop));
  const back = () => go(backPage(page, mop));

  const pages: Record<WizardPage, () => ReactNode> = {
    [PAGE.postcodes]: () => {
      const submit = () => {
        // A missing or malformed post code is named under its field, without asking the server.
        const local = Object.fromEntries(
          (['collect', 'deliver'] as const).flatMap((k) => {
            const problem = postcodeError(postcodes[k], false);
            return problem ? [[k, problem]] : [];
          }),
        );
        if (Object.keys(local).length) {
          setErrors(local);
          // Focus to the first field named, not left on Next (or lost to the page).
          requestAnimationFrame(() =>
            document.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus(),
          );
          return;
        }
        tariffs.mutate(tariffsBody(database, postcodes), {
          onSuccess: (fresh) => go(PAGE.tariffs, fresh.guid),
          onError: (error) => {
            const f = fieldsOf(error);
            setErrors({
              ...(f['addresses.0.dadd_postalcode'] ? { collect: f['addresses.0.dadd_postalcode'] } : {}),
              ...(f['addresses.1.dadd_postalcode'] ? { deliver: f['addresses.1.dadd_postalcode'] } : {}),
              ...(f.parcels ? { quantity: f.parcels } : {}),
            });
            notifyApiError(TITLE.loading, error);
          },
        });
      };
      return (
        <>
          <PostcodesStep values={postcodes} errors={errors} onChange={setPostcodes} onSubmit={submit} />
          <WizardNav onNext={submit} busy={tariffs.isPending} />
        </>
      );
    },
    [PAGE.tariffs]: () =>
      view && (
        <>
          <Text size="sm" c="dimmed">
            These prices hold until {formatDateTime(view.expires_at)}.
          </Text>
          <TariffList
            tariffs={view.tariffs}
            chosen={view.ttyp_tariff}
            symbol={symbol}
            choosing={choose.isPending ? (choose.variables?.ttyp_tariff ?? null) : null}
            onChoose={(ttyp_tariff) =>
              // The tariff being chosen stays enabled (for the keyboard's focus): pressed again, it waits.
              !choose.isPending &&
              choose.mutate({ database, guid: view.guid, ttyp_tariff }, { onError: failed(TITLE.loading) })
            }
          />
          <WizardNav
            onBack={back}
            onNext={next}
            nextDisabled={view.ttyp_tariff === null || choose.isPending}
          />
        </>
      ),
    [PAGE.contact]: () => {
      const submit = () => {
        const parsed = quoteDocketRequest
          .pick({ dck_contact: true, dck_telephone: true, dck_email: true })
          .safeParse(contact);
        const found: Record<string, string> = termsErrors(ticks, customer.data.terms_checkbox);
        if (!parsed.success)
          for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
        setErrors(found);
        if (Object.keys(found).length === 0) next();
      };
      return (
        <>
          <ContactStep
            values={contact}
            ticks={ticks}
            termsSetting={customer.data.terms_checkbox}
            errors={errors}
            onChange={setContact}
            onTicks={setTicks}
          />
          <WizardNav onBack={back} onNext={submit} />
        </>
      );
    },
    [PAGE.addresses]: () => {
      const submit = () => {
        const parts = addressPartsErrors(addresses);
        if (Object.keys(parts).length) {
          setErrors(Object.fromEntries(Object.entries(parts).map(([i, m]) => [`addresses.${i}`, m])));
          notifyError(TITLE.booking, Object.values(parts)[0]!);
          return;
        }
        // An account payer's quote is booked here, on account: Next skips the payment pages.
        const book = () =>
          bookOnAccount.mutate({ database, guid: guid! }, { onSuccess: next, onError: failed(TITLE.submit) });
        saveDocket.mutate(docketBody(database, guid!, contact, addresses), {
          onSuccess: () => (isAccountPayer(mop) ? book() : next()),
          onError: failed(TITLE.booking),
        });
      };
      return (
        <>
          <AddressesStep
            database={database}
            addresses={addresses}
            errors={errors}
            onChange={(changed, i) => {
              setAddresses(changed);
              setErrors((old) =>
                Object.fromEntries(
                  Object.entries(old).filter(
                    ([k]) => k !== `addresses.${i}` && !k.startsWith(`addresses.${i}.`),
                  ),
                ),
              );
            }}
          />
          <WizardNav onBack={back} onNext={submit} busy={saveDocket.isPending || bookOnAccount.isPending} />
        </>
      );
    },
    [PAGE.capture]: () =>
      view && (
        <>
          {paymentError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title={TITLE.payment} role="alert">
              <Text size="sm">{paymentError.message}</Text>
              {paymentError.reason && paymentError.reason !== paymentError.message && (
                <Text size="sm">{paymentError.reason}</Text>
              )}
            </Alert>
          )}
          <QuoteSummary view={view} symbol={symbol} />
          <Section title="Card payment">
            <Text size="sm">
              {cardForm
                ? "Enter your card in the card payment provider's secure form below. "
                : "Your card is entered on the card payment provider's secure page. "}
              The amount is authorised only: it is held on your card, not taken, until the booking is
              fulfilled.
            </Text>
            {cardForm && (
              <WorldpayCardForm
                database={database}
                onToken={(token) => {
                  setCardToken(token);
                  setPaymentError(null);
                  go(PAGE.payment);
                }}
              />
            )}
          </Section>
          <WizardNav onBack={back} onNext={next} nextDisabled={cardForm && !cardToken} />
        </>
      ),
    [PAGE.payment]: () => {
      const tariff = view?.tariffs.find((t) => t.ttyp_tariff === view.ttyp_tariff);
      const confirm = () =>
        view &&
        checkout.mutate(
          { database, guid: view.guid },
          {
            onSuccess: (begun) => {
              // The card form's token is paid on page 7; a hosted page is paid on the provider's site.
              if (begun.client && cardToken) {
                storedCheckout.set({ database, guid: view.guid, reference: begun.reference });
                return go(PAGE.hosted);
              }
              if (!begun.url) {
                notifyError(TITLE.payment, MSG.paymentError, PAYMENT_ERROR_MS);
                return go(PAGE.capture);
              }
              storedCheckout.set({ database, guid: view.guid, reference: begun.reference });
              window.location.assign(begun.url);
            },
            onError: failed(TITLE.payment),
          },
        );
      return (
        view && (
          <>
            <QuoteSummary view={view} symbol={symbol} />
            {tariff && <Text>Confirm to authorise {formatMoney(tariff.hold, symbol)} on your card.</Text>}
            <WizardNav onBack={back} onNext={confirm} nextLabel="Confirm" busy={checkout.isPending} />
          </>
        )
      );
    },
    [PAGE.hosted]: () => (
      <Center py="xl">
        <Stack align="center" gap="sm">
          <Loader />
          <Text role="status">Checking your payment…</Text>
          <CardCheckModal
            url={cardCheck}
            onClose={() => {
              // Given up: the check is not completed; a new Confirm starts a new payment.
              stopPolling();
              setCardCheck(null);
              setCardToken(null);
              notifyError(TITLE.payment, MSG.cardCheckNotDone, PAYMENT_ERROR_MS);
              setPaymentError({ message: MSG.cardCheckNotDone });
              go(PAGE.capture, guid, true);
            }}
          />
        </Stack>
      </Center>
    ),
    [PAGE.confirmation]: () =>
      view &&
      view.dck_docket !== null && (
        <ConfirmationStep
          docket={view.dck_docket}
          signedIn={signedIn}
          onNew={() => {
            setContact(EMPTY_CONTACT);
            setTicks(NO_TICKS);
            setAddresses([]);
            setPostcodes(postcodesOf(undefined));
            go(PAGE.postcodes, null);
          }}
          registering={register.isPending}
          onRegister={() =>
            register.mutate(
              { database, guid: view.guid },
              {
                onSuccess: (link) => void navigate(registerPath({ ...link, database })),
                onError: (error) => notifyApiError('Register Error', error),
              },
            )
          }
        />
      ),
    [PAGE.register]: () => null,
  };

  return (
    <Stack maw={1100} key={`${page}-${guid ?? ''}`}>
      <PageTitle>{title}</PageTitle>
      <Text size="sm" c="dimmed" mt={-16}>
        Page {page} of 9
      </Text>
      {pages[page]()}
    </Stack>
  );
}

/**
 * `srv={database}&id={guid}` (spec "bookings…" §2: srv with id loads a card booking by guid): GET
 * larry/cardbooking, then the wizard on that quote at `page` (capture by default; the quote's
 * state decides where it may resume). 'Incomplete addresses' and other failures show under
 * 'Loading Quote' (an expired one as 'Quote Expired') and the wizard starts at page 1.
 */
function CardBookingLoader({ database, guid, page }: { database: string; guid: string; page: WizardPage }) {
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const loaded = useQuery(cardBookingQuery(database, guid));
  const to = (target: string) => setParams(new URLSearchParams(target.split('?')[1]), { replace: true });
  useEffect(() => {
    if (loaded.data) {
      queryClient.setQueryData(quoteKey(database, guid), loaded.data);
      to(wizardPath(page, guid));
    } else if (loaded.error) {
      if (isGone(loaded.error)) notifyError(TITLE.expired, MSG.quoteExpired);
      else notifyApiError(TITLE.loading, loaded.error);
      to(wizardPath(PAGE.postcodes));
    }
  });
  return <LoadingBlock error={null} />;
}

/**
 * /docket/quote?page&guid (spec "bookings…" §2 Guest or user quote wizard, §4, "access…" §2): the
 * quote wizard for guests (on the database chosen at login, or the one `srv` names, with its
 * theme, where guest access is allowed; the server answers 401 elsewhere) and signed-in users
 * (their tenant). The `guid` in the address is the quote: a reload resumes from the server's
 * state; `srv` with `id` loads a card booking by its guid.
 */
export default function QuotePage() {
  const { session } = useSession();
  const [params] = useSearchParams();
  const srv = params.get('srv');
  const id = params.get('id');
  const guest = useGuestDatabase({ fallbackToFirst: true, enabled: !session, prefer: srv });
  const { setTenant } = useTenantTheme();
  const named = !session && srv && guest.database?.name === srv ? guest.database : null;
  useEffect(() => {
    if (!named) return;
    // The guest stays on the database `srv` named once the address drops it, in its theme.
    storedDatabase.set(named.name);
    setTenant(named.theme);
  }, [named, setTenant]);
  const database = session?.tenant.name ?? guest.database?.name;
  if (!database) return <LoadingBlock error={guest.error} />;
  if (srv && id) {
    const page = params.get('page') === null ? PAGE.capture : parsePage(params.get('page'));
    return <CardBookingLoader database={database} guid={id} page={page} />;
  }
  return <QuoteWizard database={database} signedIn={!!session} />;
}
