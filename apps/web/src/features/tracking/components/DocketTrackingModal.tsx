import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Modal, Stack } from '@mantine/core';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { trackPath } from '../../../components/TrackingRefInput';
import { useSignedIn } from '../../auth';
import { photoListQuery, signatureListQuery, stockListQuery } from '../api/docket-pod';
import { trackDetailQuery } from '../api/docket-track-detail';
import { MapView } from './MapView';
import { PlainSections } from './Section';
import { Signatures } from './Signatures';
import { StockList } from './StockList';
import { TrackingTimeline } from './TrackingTimeline';

/** The row actions of the booking lists that open a modal (spec "bookings…" §2). */
export type DocketModalKind = 'signature' | 'track' | 'map' | 'stock';

/** The docket a row modal shows: its id, number and tracking reference. */
export interface ModalDocket {
  dck_id: number;
  dck_docket: number;
  tracking_reference: string;
}

const TITLES: Record<DocketModalKind, string> = {
  signature: 'Signatures',
  stock: 'Stock List',
  map: 'Map View',
  track: 'Tracking View',
};

/** Signatures (docket/signature/list and docket/photo/list) of one docket. */
function SignaturesContent({ docket }: { docket: ModalDocket }) {
  const signatures = useQuery(signatureListQuery(docket.dck_id));
  const photos = useQuery(photoListQuery(docket.dck_id));
  if (!signatures.data || !photos.data) return <LoadingBlock error={signatures.error ?? photos.error} />;
  return <Signatures signatures={signatures.data} photos={photos.data} />;
}

/** Stock List (stock/list) of one docket. */
function StockContent({ docket }: { docket: ModalDocket }) {
  const stock = useQuery(stockListQuery(docket.dck_id));
  if (!stock.data) return <LoadingBlock error={stock.error} />;
  return <StockList stock={stock.data} />;
}

/** The map, and for the track action the timeline and a link to the whole tracking view. */
function MapContent({ docket, withTimeline }: { docket: ModalDocket; withTimeline: boolean }) {
  const { tenant } = useSignedIn();
  const detail = useQuery(trackDetailQuery(tenant.name, docket.tracking_reference));
  if (!detail.data) return <LoadingBlock error={detail.error} />;
  return (
    <Stack gap="md">
      <MapView detail={detail.data} />
      {withTimeline && (
        <>
          <TrackingTimeline events={detail.data.timeline} />
          <Anchor component={Link} to={trackPath(docket.tracking_reference, tenant.name)}>
            Open the tracking view
          </Anchor>
        </>
      )}
    </Stack>
  );
}

/**
 * The booking lists' row modals (spec "bookings…" §2 Modals: signatures, stock list, map/tracking),
 * made of the tracking view's own sections: signature → Signatures, stock → Stock List, map → Map
 * View, track → Map View with the Tracking View timeline and a link to the whole tracking view.
 * Closed while `docket` is null.
 */
export function DocketTrackingModal({
  docket,
  kind,
  onClose,
}: {
  docket: ModalDocket | null;
  kind: DocketModalKind;
  onClose: () => void;
}) {
  let content: ReactNode = null;
  if (docket)
    content =
      kind === 'signature' ? (
        <SignaturesContent docket={docket} />
      ) : kind === 'stock' ? (
        <StockContent docket={docket} />
      ) : (
        <MapContent docket={docket} withTimeline={kind === 'track'} />
      );
  return (
    <Modal
      opened={docket !== null}
      onClose={onClose}
      size="xl"
      title={docket ? `${TITLES[kind]} · Docket ${docket.dck_docket}` : TITLES[kind]}
      styles={{ title: { fontWeight: 700 } }}
    >
      <PlainSections.Provider value={true}>{content}</PlainSections.Provider>
    </Modal>
  );
}
