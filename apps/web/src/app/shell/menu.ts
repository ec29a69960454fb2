import type { Icon } from '@tabler/icons-react';
import {
  IconAddressBook,
  IconBroadcast,
  IconChartBar,
  IconFileText,
  IconHome,
  IconList,
  IconRoute,
  IconSettings,
  IconTruckDelivery,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { MY_ACCOUNT_PATH, USER_LIST_PATH } from '../../features/users';

/** A side-menu entry; `newBooking` entries go through 'New booking' (spec "access…" §2 menus). */
export interface MenuEntry {
  label: string;
  path: string;
  icon: Icon;
  newBooking?: boolean;
  /** Where the entry goes when it is more than its path (My Account: /user/detail?state=current). */
  to?: string;
  /** Other screens the entry stands for, shown as the current entry there too (History, a saved booking). */
  alsoActiveOn?: string[];
}

/** The side menu of the screens that exist; each shows only with the right of its route. */
export const MENU: MenuEntry[] = [
  { label: 'Home', path: '/home', icon: IconHome },
  { label: 'New booking', path: '/docket/detail', icon: IconTruckDelivery, newBooking: true },
  {
    label: 'Your Recent Bookings',
    path: '/docket/list',
    icon: IconList,
    alsoActiveOn: ['/docket/archive', '/docket/detailhistory'],
  },
  { label: 'Track and Trace', path: '/docket/trace', icon: IconRoute },
  { label: 'Address Book', path: '/address/list', icon: IconAddressBook },
  { label: 'Control', path: '/control', icon: IconBroadcast },
  { label: 'Reports', path: '/report/list', icon: IconChartBar },
  { label: 'Users', path: USER_LIST_PATH, icon: IconUsers },
  { label: 'System Settings', path: '/system', icon: IconSettings },
  { label: 'Log Viewer', path: '/log', icon: IconFileText },
  // Every signed-in user's own details (spec "bookings…" §2 My Account; /user/detail needs only home).
  { label: 'My Account', path: '/user/detail', to: MY_ACCOUNT_PATH, icon: IconUserCircle },
];
