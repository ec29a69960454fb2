import { createContext, use } from 'react';

/**
 * True while the server writes a page's first view from the app's own components (apps/web
 * src/prerender): no effect runs and nothing is measured there, so a component that draws from a
 * measure (the tracking map's tiles) draws what it can without one.
 */
export const PrerenderContext = createContext(false);

/** Whether the tree is being written by the server (PrerenderContext). */
export const usePrerender = (): boolean => use(PrerenderContext);
