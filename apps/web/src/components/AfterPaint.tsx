import type { ReactNode } from 'react';
import { useAfterFirstPaint } from '../hooks/use-after-paint';

/**
 * Its children once `paints` frames have been painted (useAfterFirstPaint), nothing before: a part
 * of a long screen below its top, drawn in a task of its own. Only this component draws again when
 * its turn comes, not the screen around it.
 */
export function AfterPaint({ paints = 1, children }: { paints?: number; children: ReactNode }) {
  return useAfterFirstPaint(paints) ? <>{children}</> : null;
}
