import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import { AppShell, Button, Container, Group } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { TenantBrand } from '../../components/TenantBrand';
import { TrackingRefInput } from '../../components/TrackingRefInput';
import { useGuestAccessAllowed } from '../../features/auth/api/guest-access';
import { useGuestTenant } from '../../features/auth/use-guest-tenant';
import { useQuickTracking } from '../../features/tracking/api/system-tracking';
import { useTenantTheme } from '../../lib/tenant-theme';
import { MENU_BREAKPOINT } from '../../lib/theme';
import { GuestNavbar } from './GuestNavbar';
import { MenuToggle } from './MenuToggle';
import { usePhoneMenu } from './use-phone-menu';

/** Width of the right-hand guest navbar. */
const ASIDE_WIDTH = 240;
/** Ids of the phone's guest menu toggle and of the menu it opens. */
const GUEST_TOGGLE_ID = 'guest-menu-toggle';
const GUEST_MENU_ID = 'guest-menu';

/**
 * The frame of public screens for guests: the database's brand (the link's `database` when it
 * names one, else the one chosen at login, else the first), a tracking-reference box (unless
 * the tenant's tracking settings turn it off) and 'Login' (on small screens the box takes its own row). The right-hand navbar shows only if a
 * database is chosen, guest access is allowed and the screen is not the quote screen (spec
 * "access…" §2 menus); while it shows, its Login link stands in for the header's. On a phone it
 * folds away behind a toggle in the header (usePhoneMenu), out of the Tab order while folded.
 */
export function GuestLayout() {
  // A link that names its database (a booking mail's tracking or register link) shows that
  // database's brand and theme, as the screen inside looks there.
  const [params] = useSearchParams();
  const guest = useGuestTenant({ fallbackToFirst: true, prefer: params.get('database') });
  const { tenant } = useTenantTheme();
  const { pathname } = useLocation();
  const { compact, opened, toggle } = usePhoneMenu(GUEST_TOGGLE_ID);
  const allowed = useGuestAccessAllowed(guest.chosen ? guest.database?.name : null);
  const quickTracking = useQuickTracking(guest.database?.name);
  const withNavbar = guest.chosen && allowed && pathname !== '/docket/quote';
  const navbarShown = withNavbar && !compact;

  return (
    <AppShell
      header={{ height: compact && quickTracking ? 112 : 64 }}
      aside={{
        width: ASIDE_WIDTH,
        breakpoint: MENU_BREAKPOINT + 1,
        collapsed: { mobile: !(withNavbar && opened), desktop: !withNavbar },
      }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Container fluid px="md" py="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0}>
              {compact && withNavbar && (
                <MenuToggle
                  id={GUEST_TOGGLE_ID}
                  controls={GUEST_MENU_ID}
                  label="Toggle guest menu"
                  opened={opened}
                  onClick={toggle}
                />
              )}
              <TenantBrand tenant={tenant} />
            </Group>
            <Group gap="sm" wrap="nowrap">
              {!compact && quickTracking && <TrackingRefInput w={240} />}
              {!navbarShown && (
                <Button component={Link} to="/login" variant="light" leftSection={<IconLogin size={16} />}>
                  Login
                </Button>
              )}
            </Group>
          </Group>
          {compact && quickTracking && <TrackingRefInput mt="sm" />}
        </Container>
      </AppShell.Header>
      {/* Folded away on a phone, the menu is out of the Tab order and of the reading order. */}
      {withNavbar && (
        <AppShell.Aside p="sm" id={GUEST_MENU_ID} inert={compact && !opened}>
          <GuestNavbar />
        </AppShell.Aside>
      )}
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Container size="lg" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
