import { Link } from 'react-router';
import { ActionIcon, Box, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconPlus } from '@tabler/icons-react';
import type { UserSession } from '@courier/contracts';
import { TenantBrand } from '../../components/TenantBrand';
import { TrackingRefInput } from '../../components/TrackingRefInput';
import { MenuToggle } from './MenuToggle';
import { useLogout } from '../../features/auth/api/logout';
import { canOpen } from '../../features/auth/rights';
import { useNewBooking } from '../../features/dockets/use-new-booking';

/** Ids of the phone's menu toggle and of the menu it opens (aria-controls; Escape's focus target). */
export const MENU_TOGGLE_ID = 'menu-toggle';
export const MENU_ID = 'app-menu';

interface HeaderBarProps {
  session: UserSession;
  compact: boolean;
  menuOpened: boolean;
  onBurger: () => void;
}

/**
 * The toolbar (spec "access…" §2 menus): burger, tenant logo and name, the tracking-reference box,
 * 'New booking' (booking right) and Logout. On small screens the box moves into the menu.
 */
export function HeaderBar({ session, compact, menuOpened, onBurger }: HeaderBarProps) {
  const logout = useLogout();
  const newBooking = useNewBooking();
  const fullName = `${session.user.ausr_firstname} ${session.user.ausr_lastname}`.trim();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {compact && (
          <MenuToggle
            id={MENU_TOGGLE_ID}
            controls={MENU_ID}
            label="Toggle menu"
            opened={menuOpened}
            onClick={onBurger}
          />
        )}
        <UnstyledButton component={Link} to="/home" aria-label={`${session.tenant.theme.name} Home`} miw={0}>
          <TenantBrand tenant={session.tenant.theme} />
        </UnstyledButton>
      </Group>
      <Group gap="sm" wrap="nowrap">
        {!compact && <TrackingRefInput w={220} />}
        {!compact && canOpen(session, '/docket/detail') && (
          <Button leftSection={<IconPlus size={16} />} onClick={newBooking}>
            New booking
          </Button>
        )}
        {!compact && fullName && (
          <Box visibleFrom="lg">
            <Text size="sm" c="dimmed">
              {fullName}
            </Text>
          </Box>
        )}
        {compact ? (
          <ActionIcon variant="default" size="lg" aria-label="Logout" onClick={() => logout.mutate()}>
            <IconLogout size={18} />
          </ActionIcon>
        ) : (
          <Button
            variant="default"
            leftSection={<IconLogout size={16} />}
            loading={logout.isPending}
            onClick={() => logout.mutate()}
          >
            Logout
          </Button>
        )}
      </Group>
    </Group>
  );
}
