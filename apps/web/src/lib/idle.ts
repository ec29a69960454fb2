/**
 * Runs `work` when the browser is next idle (requestIdleCallback; a task of its own where the
 * browser has none): for what a screen will need soon but not to draw itself, so that it does not
 * lengthen the tasks that draw the screen. Returns the function that cancels it.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work());
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}
