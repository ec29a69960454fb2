/**
 * `react` and `react-dom` for the bundler and the web tests: Preact's compat layer (ARCHITECTURE.md
 * "Stack", issue 15: React's runtime alone was ~60 KB of the sign-in page's 130 KB budget), plus
 * the React 19 names the compat layer lacks and our libraries import. Aliased in
 * `../../react-alias.ts`; the type checker still sees React's types.
 */
// @ts-expect-error preact/compat's types are one `export =` namespace; the module exports names.
export * from 'preact/compat';
export { default } from 'preact/compat';
import { createElement } from 'preact/compat';
import type { ComponentChildren } from 'preact';

const ignore = () => undefined;

/**
 * React 19's `useOptimistic` without async actions: the optimistic state is the state passed in.
 * React Router's `RouterProvider` asks for it and sets an optimistic state only when given
 * `useTransitions`, which this app never passes; Preact has no transitions to be optimistic during.
 */
export function useOptimistic<S>(passthrough: S): [S, (action: unknown) => void] {
  return [passthrough, ignore];
}

/**
 * React 19.2's `<Activity>`: children kept mounted (their state kept) and hidden while `mode` is
 * 'hidden'. Mantine renders it only for `keepMounted` transitions, collapses and tab panels, which
 * this app does not ask for; the wrapper is `display: contents` while visible, so it adds no box.
 */
export function Activity({
  mode = 'visible',
  children,
}: {
  mode?: 'visible' | 'hidden';
  children?: ComponentChildren;
}) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}
