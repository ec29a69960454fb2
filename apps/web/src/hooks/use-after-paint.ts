import { useEffect, useState } from 'react';

/**
 * False on a component's first render, true once the browser has painted it (the next frame, then
 * a task after it). A screen draws its top at once and the rest after that paint: on a phone the
 * first paint comes sooner and no single task holds the page for the whole screen's drawing.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => (timer = setTimeout(() => setPainted(true), 0));
    if (typeof requestAnimationFrame !== 'function') {
      later();
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(later);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
