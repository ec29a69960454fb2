// First: zod's settings, before any module that may load zod (app/zod-jitless.ts).
import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './app/mantine-styles';
import './app/a11y.css';
import './app/shell/boot-shell.css';
import { Providers, queryClient } from './app/providers';
import { router } from './app/router';
import { installRouteErrors } from './app/route-errors';

installRouteErrors(router, queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
