import { Burger } from '@mantine/core';

interface MenuToggleProps {
  /** The toggle's id: where Escape puts focus back (usePhoneMenu). */
  id: string;
  /** The id of the menu it opens (aria-controls). */
  controls: string;
  label: string;
  opened: boolean;
  onClick: () => void;
}

/** The header's toggle of a menu folded away on a phone (spec "access…" §2 menus), a burger. */
export const MenuToggle = ({ id, controls, label, opened, onClick }: MenuToggleProps) => (
  <Burger
    id={id}
    opened={opened}
    onClick={onClick}
    size="sm"
    aria-label={label}
    aria-expanded={opened}
    aria-controls={controls}
  />
);
