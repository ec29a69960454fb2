import { Link, useLocation } from 'react-router';
import { NavLink, Stack, Text } from '@mantine/core';
import { IconLogin, IconMapSearch, IconTruckDelivery, type Icon } from '@tabler/icons-react';

/** A guest navbar entry. */
interface GuestLink {
  label: string;
  path: string;
  icon: Icon;
}

/** What a guest may open (spec "access…" §6: guests use quote and tracking). */
const GUEST_LINKS: GuestLink[] = [
  { label: 'Get a quote', path: '/docket/quote', icon: IconTruckDelivery },
  { label: 'Track a consignment', path: '/docket/track', icon: IconMapSearch },
  { label: 'Login', path: '/login', icon: IconLogin },
];

/** The right-hand navbar of the guest frame (spec "access…" §2 menus). */
export function GuestNavbar() {
  const { pathname } = useLocation();
  return (
    <Stack gap={4} component="nav" aria-label="Guest menu">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
        Guest
      </Text>
      {GUEST_LINKS.map((link) => (
        <NavLink
          key={link.path}
          component={Link}
          to={link.path}
          label={link.label}
          leftSection={<link.icon size={18} stroke={1.6} />}
          active={pathname === link.path}
          styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
        />
      ))}
    </Stack>
  );
}
