import { useEffect } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG } from '@courier/contracts';
import { PageTitle } from '../../../components/PageTitle';
import { TrackingRefInput } from '../../../components/TrackingRefInput';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { storedTrackingRef } from '../../../lib/stored-context';
import { useSession } from '../../auth';
import { useGuestDatabase } from '../../auth';
import { docketTrackQuery } from '../api/docket-track';
import { trackDetailQuery } from '../api/docket-track-detail';
import { useTrackEvents } from '../api/use-track-events';
import { MapView } from '../components/MapView';
import { OrderSummary } from '../components/OrderSummary';
import { Signatures } from '../components/Signatures';
import { StockList } from '../components/StockList';
import { TrackingTimeline } from '../components/TrackingTimeline';

/** A tracking reference as issued: letters, digits and dashes, at most 40. */
const TRACKING_REF = /^[A-Z0-9-]{1,40}$/;

/**
 * The database to look in: the signed-in tenant, else the link's `database` (a booking
 * confirmation mail names it), else the one chosen at login, else the first.
 */
function useTrackDatabase(): string | undefined {
  const { session } = useSession();
  const [params] = useSearchParams();
  const guest = useGuestDatabase({
    fallbackToFirst: true,
    enabled: !session,
    prefer: params.get('database'),
  });
  return session?.tenant.name ?? guest.database?.name;
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
  const valid = TRACKING_REF.test(ref);
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
 */
export default function TrackPage() {
  const ref = useTrackingRef();
  const database = useTrackDatabase();
  const track = useQuery({ ...docketTrackQuery(database ?? '', ref ?? ''), enabled: !!ref && !!database });
  const detail = useQuery({ ...trackDetailQuery(database ?? '', ref ?? ''), enabled: track.isSuccess });
  const error = track.error instanceof ApiError ? track.error : null;
  useTrackEvents(database, ref, track.isSuccess);

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
      {ref && track.isPending && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {track.isError && (
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
