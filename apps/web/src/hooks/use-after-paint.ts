import { useEffect, useState } from 'react';

/**
 * False on a component's first render, true once the browser has painted `paints` frames since
 * (each: the next frame, then a task after it; 1 by default; 0: at once), and from then on. A screen draws its
 * top at once and the rest after that paint, part by part: on a phone the first paint comes
 * sooner and no single task holds the page for the whole screen's drawing. The component draws
 * once more, when it turns true, and not at every paint in between.
 */
export function useAfterFirstPaint(paints = 1): boolean {
  const [painted, setPainted] = useState(paints <= 0);
  useEffect(() => {
    if (paints <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame: number | undefined;
    let left = paints;
    const afterPaint = () => {
      if (--left > 0) next();
      else setPainted(true);
    };
    const next = () => {
      if (typeof requestAnimationFrame !== 'function') timer = setTimeout(afterPaint, 0);
      else frame = requestAnimationFrame(() => (timer = setTimeout(afterPaint, 0)));
    };
    next();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [paints]);
  return painted;
}
