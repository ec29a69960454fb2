import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Select as MantineSelect, type SelectProps } from '@mantine/core';

/**
 * Mantine's Select, with its list drawn only from the first time the field takes focus. Mantine
 * keeps a closed select's whole list mounted (hidden) so that the arrow keys find its options the
 * moment it opens; a booking screen holds a dozen selects, and drawing every list as the screen
 * loads cost more than the rest of the form. The list is drawn as the field takes focus, and the
 * keys that come before Mantine has registered it are held and sent again once it has
 * (`useKeysBeforeList`). The list opens under the field's start (see below). Same props as Mantine's Select.
 */
export function Select({ onFocus, onKeyDownCapture, comboboxProps, ...props }: SelectProps) {
  const [focused, setFocused] = useState(false);
  const holdEarlyKey = useKeysBeforeList();
  return (
    <MantineSelect
      {...props}
      // 'bottom-start', not Mantine's centred 'bottom': on a touch screen the list mounts, opens and
      // is placed in one go, before it has its width, and a centred list placed at width 0 stayed
      // half a field to the right, widening the page and a modal around it (control, 390 px).
      comboboxProps={{ keepMounted: focused, position: 'bottom-start', ...comboboxProps }}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onKeyDownCapture={(event: KeyboardEvent<HTMLInputElement>) => {
        holdEarlyKey(event);
        onKeyDownCapture?.(event);
      }}
    />
  );
}

/** Frames a held key is sent again for while the list is still being registered (about 2 s). */
const MAX_FRAMES = 120;

const isArrow = (code: string) => code === 'ArrowDown' || code === 'ArrowUp';
const isEnter = (code: string) => code === 'Enter' || code === 'NumpadEnter';

/**
 * Holds the keys that reach a select before its list can take them, and sends them again once it
 * can. Mantine marks options by looking the list up in the page, under an id the list registers in
 * an effect of its own, after the list has been drawn and painted. An arrow pressed in that
 * window (a quick Tab-then-ArrowDown, or a test driver) opened the list with nothing marked, and
 * the Enter after it chose nothing. So, until an arrow has been seen to mark an option, arrows
 * (and an Enter that follows a held arrow; a lone Enter stays the form's) are held: the first is
 * sent again each frame until the field names a marked option (`aria-activedescendant`), then
 * the rest in order. Focus leaving the field drops what is held.
 * Returns the capture-phase keydown handler for the field.
 */
function useKeysBeforeList(): (event: KeyboardEvent<HTMLInputElement>) => void {
  const ready = useRef(false);
  const sending = useRef(false);
  const held = useRef<{ key: string; code: string }[]>([]);

  const send = (field: HTMLInputElement, { key, code }: { key: string; code: string }) => {
    sending.current = true;
    try {
      field.dispatchEvent(
        new window.KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true }),
      );
    } finally {
      sending.current = false;
    }
  };

  const sendHeld = (field: HTMLInputElement, frame = 0) => {
    requestAnimationFrame(() => {
      const [first] = held.current;
      if (!first || document.activeElement !== field) {
        held.current = [];
        return;
      }
      send(field, first);
      // Mantine names the marked option on the field in the render that follows the key.
      requestAnimationFrame(() => {
        if (!field.getAttribute('aria-activedescendant') && frame < MAX_FRAMES) {
          sendHeld(field, frame + 1);
          return;
        }
        // Keys pressed while the first was on its way are sent after it, in order.
        const rest = held.current.slice(1);
        ready.current = true;
        held.current = [];
        if (document.activeElement === field) for (const key of rest) send(field, key);
      });
    });
  };

  return (event) => {
    if (ready.current || sending.current) return;
    const { key, code } = event;
    if (!isArrow(code) && !(isEnter(code) && held.current.length > 0)) return;
    event.preventDefault();
    event.nativeEvent.stopImmediatePropagation();
    held.current.push({ key, code });
    if (held.current.length === 1) sendHeld(event.currentTarget);
  };
}
