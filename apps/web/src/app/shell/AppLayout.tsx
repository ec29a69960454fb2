import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppShell, ScrollArea } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { UserSession } from '@courier/contracts';
import { TrackingRefInput } from '../../components/TrackingRefInput';
import { MENU_BREAKPOINT } from '../../lib/theme';
import { HeaderBar } from './HeaderBar';
import { NavMenu } from './NavMenu';

/** The signed-in frame (spec "access…" §2 menus): header toolbar, side navigation bar, the screen. */
export function AppLayout({ session }: { session: UserSession }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const compact = useMediaQuery(`(max-width: ${MENU_BREAKPOINT}px)`) ?? false;
  const { pathname } = useLocation();
  useEffect(close, [pathname, compact, close]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 250, breakpoint: MENU_BREAKPOINT + 1, collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <HeaderBar session={session} compact={compact} menuOpened={opened} onBurger={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <AppShell.Section grow component={ScrollArea}>
          {compact && <TrackingRefInput mb="sm" />}
          <NavMenu session={session} onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
