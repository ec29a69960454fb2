import { Link, useLocation } from 'react-router';
import { NavLink, Stack } from '@mantine/core';
import type { UserSession } from '@courier/contracts';
import { canOpen } from '../../features/auth/rights';
import { useNewBooking } from '../../features/dockets/use-new-booking';
import { MENU } from './menu';

interface NavMenuProps {
  session: UserSession;
  /** Called after an entry is chosen (closes the menu on small screens). */
  onNavigate: () => void;
}

/** Where a saved booking on the booking screen counts as being, for the menu (the lists' entry). */
const SAVED_BOOKING = '/docket/detailhistory';

/** The side navigation bar: one entry per screen the user has the right to (spec "access…" §2 menus). */
export function NavMenu({ session, onNavigate }: NavMenuProps) {
  const { pathname, search } = useLocation();
  // A saved booking on the booking screen (?_id) is not a new booking: it belongs to the lists.
  const savedBooking = pathname === '/docket/detail' && new URLSearchParams(search).has('_id');
  const newBooking = useNewBooking();
  return (
    <Stack gap={4} component="nav" aria-label="Main menu">
      {MENU.filter((entry) => canOpen(session, entry.path)).map((entry) => {
        const active = entry.to
          ? `${pathname}${search}` === entry.to
          : pathname === entry.path
            ? !(entry.newBooking && savedBooking)
            : !!entry.alsoActiveOn?.includes(savedBooking ? SAVED_BOOKING : pathname);
        return (
          <NavLink
            key={entry.path}
            component={Link}
            to={entry.to ?? entry.path}
            label={entry.label}
            leftSection={<entry.icon size={18} stroke={1.6} />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={(e) => {
              if (entry.newBooking) {
                e.preventDefault();
                newBooking();
              }
              onNavigate();
            }}
            styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
          />
        );
      })}
    </Stack>
  );
}
