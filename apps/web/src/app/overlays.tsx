import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { HintTooltip } from '../components/HintTooltip';

/**
 * The hosts of notifications (bottom right, above windows but clear of their close buttons and of
 * the header), confirm windows and icon buttons'
 * hints (components/HintTooltip), in a module of
 * their own so that they load after the first screen (app/providers.tsx DeferredOverlays). The
 * modals host wraps no children: the app opens windows through `modals.*` only, never `useModals()`.
 */
export default function Overlays() {
  return (
    <>
      <Notifications position="bottom-right" zIndex={1000} />
      <ModalsProvider />
      <HintTooltip />
    </>
  );
}
