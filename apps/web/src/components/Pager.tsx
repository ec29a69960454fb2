import { useEffect, useRef, type RefObject } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  hasMore: boolean;
  /** Both buttons wait (a page is loading). */
  busy?: boolean;
  onPage: (page: number) => void;
  /** The table the pages are of: a new page brings its top back into view. */
  anchor: RefObject<HTMLElement | null>;
}

/**
 * Brings the top of `el` into view when it is above the visible part of the page (under the fixed
 * header, whose height is the root's scroll-padding-top, app/a11y.css).
 */
function revealTop(el: HTMLElement | null): void {
  if (!el) return;
  const covered = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  if (el.getBoundingClientRect().top < covered) el.scrollIntoView({ block: 'start' });
}

/**
 * 'Page N' with Previous and Next under a paged table (spec "bookings…" §2 lists, "access…" §2
 * Control screen). Next pressed at the foot of a long page shows the new page from its first row,
 * not from its last. Focus stays on the button pressed, so the keyboard can go on paging; when that
 * button is disabled (while the page loads, or on the last page) focus comes back to it once the
 * page is there, or to the other button.
 */
export function Pager({ page, hasMore, busy = false, onPage, anchor }: PagerProps) {
  const buttons = { previous: useRef<HTMLButtonElement>(null), next: useRef<HTMLButtonElement>(null) };
  const pressed = useRef<keyof typeof buttons | null>(null);
  useEffect(() => {
    const which = pressed.current;
    if (busy || !which) return;
    pressed.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!lost) return;
    const mine = buttons[which].current;
    const other = buttons[which === 'next' ? 'previous' : 'next'].current;
    // Without scrolling: the new page stays shown from its top.
    (mine && !mine.disabled ? mine : other)?.focus({ preventScroll: true });
  });
  const go = (which: keyof typeof buttons, next: number) => {
    pressed.current = which;
    onPage(next);
    revealTop(anchor.current);
  };
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        Page {page}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconChevronLeft size={16} />}
          ref={buttons.previous}
          disabled={page <= 1 || busy}
          onClick={() => go('previous', page - 1)}
        >
          Previous
        </Button>
        <Button
          variant="default"
          size="sm"
          rightSection={<IconChevronRight size={16} />}
          ref={buttons.next}
          disabled={!hasMore || busy}
          onClick={() => go('next', page + 1)}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
