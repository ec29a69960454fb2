/**
 * What the tracking feature offers the others (ARCHITECTURE rule 9: a feature is used only through
 * its index.ts); everything else in the folder is its own.
 */
export { DOCKET_TRACK_KEY } from './api/tracking-keys';
export type { DocketModalKind, ModalDocket } from './components/DocketTrackingModal';
import { lazy } from 'react';

/**
 * The booking lists' row modals (components/DocketTrackingModal), loaded when one first opens: the
 * tracking view's sections stay out of the lists' first load.
 */
export const DocketTrackingModal = lazy(() =>
  import('./components/DocketTrackingModal').then((m) => ({ default: m.DocketTrackingModal })),
);
