import { useEffect, useState } from 'react';
import { Tooltip } from '@mantine/core';

/** The attribute an icon button names its hint by. */
const HINT = 'data-hint';

/**
 * Props that give an icon button a hint, the word shown above it while the mouse is over it:
 * `<ActionIcon aria-label="Track 1001" {...hint('Track')}>`. The button's own name stays its
 * aria-label; the hint is for the eye only, as Mantine's Tooltip is on hover.
 */
export const hint = (label: string): Record<typeof HINT, string> => ({ [HINT]: label });

/** Where a hint is drawn: in its button's landmark or dialog, where all of the page's content is. */
const LANDMARKS = 'main, header, nav, aside, footer, [role="dialog"]';

interface Shown {
  target: HTMLElement;
  label: string;
}

/**
 * The app's one hint tooltip (mounted once with the notifications): a Mantine Tooltip over whichever
 * element with a hint (`hint(label)`) the mouse is over, hidden when it moves off. One tooltip for
 * the page instead of one per button: a booking list of 20 rows held 100 Tooltips, each drawing its
 * portal and transition on every render. Touch shows none, as Mantine's hover tooltips do.
 */
export function HintTooltip() {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    const over = (event: PointerEvent) => {
      const el = event.target instanceof Element ? event.target.closest<HTMLElement>(`[${HINT}]`) : null;
      const target = event.pointerType === 'touch' ? null : el;
      setShown((current) =>
        !target
          ? null
          : current?.target === target
            ? current
            : { target, label: target.getAttribute(HINT) ?? '' },
      );
    };
    // Out of the window: no element the pointer went to.
    const out = (event: PointerEvent) => {
      if (!event.relatedTarget) setShown(null);
    };
    document.addEventListener('pointerover', over);
    document.addEventListener('pointerout', out);
    return () => {
      document.removeEventListener('pointerover', over);
      document.removeEventListener('pointerout', out);
    };
  }, []);
  return (
    shown && (
      <Tooltip
        target={shown.target}
        label={shown.label}
        opened
        portalProps={{ target: shown.target.closest<HTMLElement>(LANDMARKS) ?? undefined }}
      />
    )
  );
}
