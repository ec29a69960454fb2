import { useRef } from 'react';
import { Outlet } from 'react-router';
import { AppShell, ScrollArea } from '@mantine/core';
import type { UserSession } from '@courier/contracts';
import { TrackingRefInput } from '../../components/TrackingRefInput';
import { MENU_BREAKPOINT } from '../../lib/theme';
import { usePhoneMenu } from './use-phone-menu';
import { useLiveEvents } from '../live/use-live-events';
import { HeaderBar, MENU_ID, MENU_TOGGLE_ID } from './HeaderBar';
import { NavMenu } from './NavMenu';

/**
 * The signed-in frame (spec "access…" §2 menus): header toolbar, side navigation bar, the screen,
 * and before them 'Skip to main content', the first tab stop, past the header's and the menu's.
 * On a phone the menu folds away, and is drawn when it first opens.
 */
export function AppLayout({ session }: { session: UserSession }) {
  const { compact, opened, toggle, close } = usePhoneMenu(MENU_TOGGLE_ID);
  useLiveEvents();
  const main = useRef<HTMLElement>(null);
  // On a phone the menu is drawn the first time it opens, and kept: folded away it is not seen, and
  // its entries were a fifth of the work of a phone's first screen.
  const menuDrawn = useRef(false);
  if (!compact || opened) menuDrawn.current = true;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 250, breakpoint: MENU_BREAKPOINT + 1, collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      {/* Focus moves in script: a #hash in the URL would be a new location and reset the screen. */}
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          main.current?.focus();
        }}
      >
        Skip to main content
      </a>
      <AppShell.Header>
        <HeaderBar session={session} compact={compact} menuOpened={opened} onBurger={toggle} />
      </AppShell.Header>
      {/* Folded away on a phone, the menu is out of the Tab order and of the reading order. */}
      <AppShell.Navbar p="sm" id={MENU_ID} inert={compact && !opened}>
        {menuDrawn.current && (
          <AppShell.Section grow component={ScrollArea}>
            {compact && <TrackingRefInput mb="sm" />}
            <NavMenu session={session} onNavigate={close} />
          </AppShell.Section>
        )}
      </AppShell.Navbar>
      <AppShell.Main id="main" ref={main} tabIndex={-1} bg="var(--mantine-color-gray-0)">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
