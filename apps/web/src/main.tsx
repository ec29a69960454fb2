// First: zod's settings, before any module that may load zod (app/zod-jitless.ts).
import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './app/mantine-styles';
import './app/a11y.css';
import './app/shell/boot-shell.css';
import { Providers, queryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { installRouteErrors } from './app/route-errors';

/** Resolves in a task of its own: what follows it no longer lengthens the task before. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Three tasks instead of one after the modules' evaluation: the router's start (its first
// navigation), then the first render. On a phone one task of all three held the page for about
// 150 ms (4× CPU slowdown), counted whole in Lighthouse's Total Blocking Time beyond its first 50.
void (async () => {
  await nextTask();
  const router = createAppRouter();
  installRouteErrors(router, queryClient);
  await nextTask();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
})();
