import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { HintTooltip } from '../components/HintTooltip';

/**
 * The hosts of notifications (top right, under the fixed header: app/a11y.css), confirm windows
 * and icon buttons'
 * hints (components/HintTooltip), in a module of
 * their own so that they load after the first screen (app/providers.tsx DeferredOverlays). The
 * modals host wraps no children: the app opens windows through `modals.*` only, never `useModals()`.
 */
export default function Overlays() {
  return (
    <>
      <Notifications position="top-right" zIndex={1000} />
      <ModalsProvider />
      <HintTooltip />
    </>
  );
}
