/**
 * What the tracking feature offers the others (ARCHITECTURE rule 9: a feature is used only through
 * its index.ts); everything else in the folder is its own.
 */
export { DOCKET_TRACK_KEY } from './api/tracking-keys';
export {
  DocketTrackingModal,
  type DocketModalKind,
  type ModalDocket,
} from './components/DocketTrackingModal';
