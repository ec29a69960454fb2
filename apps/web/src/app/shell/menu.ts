import type { Icon } from '@tabler/icons-react';
import {
  IconAddressBook,
  IconBroadcast,
  IconFileText,
  IconHome,
  IconList,
  IconSettings,
  IconTruckDelivery,
} from '@tabler/icons-react';

/** A side-menu entry; `newBooking` entries go through 'New booking' (spec "access…" §2 menus). */
export interface MenuEntry {
  label: string;
  path: string;
  icon: Icon;
  newBooking?: boolean;
}

/** The side menu of the screens that exist; each shows only with the right of its route. */
export const MENU: MenuEntry[] = [
  { label: 'Home', path: '/home', icon: IconHome },
  { label: 'New booking', path: '/docket/detail', icon: IconTruckDelivery, newBooking: true },
  { label: 'Your Recent Bookings', path: '/docket/list', icon: IconList },
  { label: 'Address Book', path: '/address/list', icon: IconAddressBook },
  { label: 'Control', path: '/control', icon: IconBroadcast },
  { label: 'System Settings', path: '/system', icon: IconSettings },
  { label: 'Log Viewer', path: '/log', icon: IconFileText },
];
