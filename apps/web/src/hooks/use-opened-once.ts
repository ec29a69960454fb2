import { useState } from 'react';

/**
 * Whether a modal has been opened at least once: false until `opened` first turns true, then true
 * for good (so its closing transition still plays). A screen's closed modals that were never opened
 * are not drawn at all: Mantine draws a closed modal's portal, scroll lock and transition on every
 * render, and a booking screen holds seven of them.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
