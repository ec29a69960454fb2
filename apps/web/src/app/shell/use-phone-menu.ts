import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { useScreenMatches } from '../../hooks/use-screen-matches';
import { MENU_BREAKPOINT } from '../../lib/theme';

/**
 * The menu a frame folds away on a phone (spec "access…" §2 menus), opened by its toggle
 * (`toggleId`): `compact` below MENU_BREAKPOINT, read at the first render, not in an effect (a first
 * render laid out for a wide screen and then redone for a phone moved the whole page down, a layout
 * shift Lighthouse counted); `opened` while shown. It closes on every new screen and when the width
 * changes; Escape closes it with focus back on its toggle, as a window's close does.
 */
export function usePhoneMenu(toggleId: string) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const compact = useScreenMatches(`(max-width: ${MENU_BREAKPOINT}px)`);
  const { pathname } = useLocation();
  useEffect(close, [pathname, compact, close]);
  useWindowEvent('keydown', (e) => {
    if (e.key !== 'Escape' || !opened) return;
    close();
    document.getElementById(toggleId)?.focus();
  });
  return { compact, opened, toggle, close };
}
