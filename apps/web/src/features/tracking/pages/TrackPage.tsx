import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useIsFetching, useQuery } from '@tanstack/react-query';
import { Alert, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG, TRACKING_REF_PATTERN, type TrackDetailResponse } from '@courier/contracts';
import { TRACK_DETAIL_CALL } from '@courier/contracts/page-calls';
import { PageTitle } from '../../../components/PageTitle';
import { TrackingRefInput } from '../../../components/TrackingRefInput';
import { ApiError, answerFromPage } from '../../../lib/api-client';
import { bootCallAnswers, takeBootCall } from '../../../lib/boot-calls';
import { useDropBootView } from '../../../lib/boot-data';
import { notifyError } from '../../../lib/notify';
import { storedTrackingRef } from '../../../lib/stored-context';
import { useSession } from '../../auth';
import { useGuestDatabase } from '../../auth';
import { docketTrackQuery, referenceDatabaseQuery } from '../api/docket-track';
import { trackDetailQuery } from '../api/docket-track-detail';
import { useTrackEvents } from '../api/use-track-events';
import { fetchFirstTiles } from '../components/first-tiles';
import { MapView, preloadTrackMap } from '../components/MapView';
import { OrderSummary } from '../components/OrderSummary';
import { Signatures } from '../components/Signatures';
import { StockList } from '../components/StockList';
import { TrackingTimeline } from '../components/TrackingTimeline';

/** How long the details may take (ms) before the map's code loads while they are awaited. */
const DETAILS_LATE_MS = 50;
/** How long the page the server wrote may stay over this one (ms) while its calls are on their way. */
const BOOT_VIEW_MAX_MS = 5_000;

// The page may carry the answers to this screen's opening calls, a guest's too (contracts
// trackPageCalls): the API client takes them from here on, before this screen asks anything.
answerFromPage(takeBootCall);
// The map's first tiles on a phone, of the details the page carries, asked for before the screen
// is drawn (written by the server through the details' own schema).
for (const detail of bootCallAnswers(TRACK_DETAIL_CALL)) fetchFirstTiles(detail as TrackDetailResponse);

/**
 * The database to look in: the signed-in tenant, else the link's `database` (a booking
 * confirmation mail names it), else the one chosen at login, else the first, standing in
 * (`others`: the rest, where a reference the first does not hold is looked for next).
 */
function useTrackDatabase(): { database: string | undefined; others: string[] } {
  const { session } = useSession();
  const [params] = useSearchParams();
  const guest = useGuestDatabase({
    fallbackToFirst: true,
    enabled: !session,
    prefer: params.get('database'),
  });
  const database = session?.tenant.name ?? guest.database?.name;
  const standIn = !session && !guest.chosen;
  return {
    database,
    others: standIn ? guest.databases.map((d) => d.name).filter((n) => n !== database) : [],
  };
}

/**
 * A reference the stand-in database does not hold is looked for in the others; where one holds
 * it, the page's address names that database (the frame takes its theme, the calls go there).
 * Answers whether that look is still under way (the not-found message waits for it).
 */
function useReferenceElsewhere(ref: string | null, others: string[], notFound: boolean): boolean {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const look = notFound && !!ref && others.length > 0;
  const where = useQuery({ ...referenceDatabaseQuery(others, ref ?? ''), enabled: look });
  useEffect(() => {
    if (!where.data) return;
    const next = new URLSearchParams(params);
    next.set('database', where.data);
    void navigate({ search: next.toString() }, { replace: true });
  }, [where.data, params, navigate]);
  return look && (where.isPending || !!where.data);
}

/**
 * The reference from the query parameter, else from saved context (spec "access…" §2 routes).
 * None or a malformed one is 'Invalid Tracking Reference', except for a guest who has just arrived.
 */
function useTrackingRef() {
  const [params] = useSearchParams();
  const location = useLocation();
  const param = params.get('tracking_ref');
  const ref = (param ?? storedTrackingRef.get() ?? '').trim().toUpperCase();
  const valid = TRACKING_REF_PATTERN.test(ref);
  const justArrived = param === null && (location.state as { guest?: boolean } | null)?.guest === true;
  useEffect(() => {
    if (valid) storedTrackingRef.set(ref);
    else if (!justArrived) notifyError('Tracking', MSG.invalidTrackingRef);
  }, [ref, valid, justArrived]);
  return valid ? ref : null;
}

/**
 * The tracking view (spec "bookings…" §2): heading 'Tracking Reference {ref}', Order Summary, Map
 * View, Tracking View, Stock List and Signatures (a guest sees the sections the tenant's tracking
 * settings show); the details load once the summary found the reference, and both follow the live stream.
 * A guest's reference that the stand-in first database does not hold is looked for in the others.
 */
export default function TrackPage() {
  const ref = useTrackingRef();
  const { database, others } = useTrackDatabase();
  const track = useQuery({ ...docketTrackQuery(database ?? '', ref ?? ''), enabled: !!ref && !!database });
  const detail = useQuery({ ...trackDetailQuery(database ?? '', ref ?? ''), enabled: track.isSuccess });
  const error = track.error instanceof ApiError ? track.error : null;
  // Not found there, or the stand-in is closed to guests (401): the others may hold it.
  const lookingElsewhere = useReferenceElsewhere(ref, others, error?.status === 404 || error?.status === 401);
  useTrackEvents(database, ref, track.isSuccess);
  // The reference is there and its details will show a map but are late (not written in the page):
  // the map's code loads while they are asked for. With them, it loads after the tiles in view.
  const showsMap = track.data?.map === true;
  const detailsLate = showsMap && detail.isPending;
  useEffect(() => {
    if (!detailsLate) return;
    const timer = setTimeout(preloadTrackMap, DETAILS_LATE_MS);
    return () => clearTimeout(timer);
  }, [detailsLate]);

  // The page the server wrote gives way once this one shows what it showed, or has settled, and
  // nothing of its frame is on its way either (the header's tracking box and menu toggle: drawn
  // after the page's own answers, they moved the whole page down); after BOOT_VIEW_MAX_MS in any
  // case (a call that hangs on a phone's connection must not keep the app hidden).
  const fetching = useIsFetching();
  const [overdue, setOverdue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOverdue(true), BOOT_VIEW_MAX_MS);
    return () => clearTimeout(timer);
  }, []);
  const settled = !ref || (!track.isPending && !lookingElsewhere && !(track.data && detail.isPending));
  useDropBootView(overdue || (settled && fetching === 0));

  // An unknown database sends the user to login (spec "bookings…" §8).
  if (error?.fields?.database) return <Navigate to="/login" replace />;

  return (
    <Stack maw={960}>
      <PageTitle>{ref ? `Tracking Reference ${ref}` : 'Tracking Reference'}</PageTitle>
      {!ref && (
        <Paper withBorder p="lg">
          <Stack gap="sm">
            <Text>Enter the tracking reference from your booking confirmation and press Enter.</Text>
            <TrackingRefInput
              placeholder="Enter your tracking reference"
              aria-label="Your tracking reference"
              maw={360}
            />
          </Stack>
        </Paper>
      )}
      {ref && (track.isPending || lookingElsewhere) && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {track.isError && !lookingElsewhere && (
        <Alert
          color={error?.status === 404 ? 'yellow' : 'red'}
          icon={<IconAlertTriangle size={18} />}
          title={error?.status === 404 ? undefined : 'Load Data'}
        >
          {error?.status === 404 ? MSG.trackingNotFound : (error?.message ?? MSG.unexpected)}
        </Alert>
      )}
      {track.data && <OrderSummary order={track.data} />}
      {track.data && detail.isPending && (
        <Center py="md">
          <Loader />
        </Center>
      )}
      {track.data && detail.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Load Data">
          {detail.error instanceof ApiError ? detail.error.message : MSG.unexpected}
        </Alert>
      )}
      {track.data && detail.data && (
        <>
          {detail.data.shown.map && <MapView detail={detail.data} />}
          <TrackingTimeline events={detail.data.timeline} />
          {detail.data.shown.stock && <StockList stock={detail.data.stock} />}
          {detail.data.shown.signatures && (
            <Signatures signatures={detail.data.signatures} photos={detail.data.photos} />
          )}
        </>
      )}
    </Stack>
  );
}
