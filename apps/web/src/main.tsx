import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { BOOT_SHELL_ELEMENT_ID } from '@courier/contracts/rights';
import './app/mantine-styles';
import './app/a11y.css';
import './app/shell/boot-shell.css';
import { Providers, queryClient } from './app/providers';
import { router } from './app/router';
import { installRouteErrors } from './app/route-errors';

installRouteErrors(router, queryClient);

// The signed-in frame and heading the server wrote into the page (app/shell/boot-shell.css) give
// way to the app's first screen, drawn in this same task, so nothing is painted in between.
document.getElementById(BOOT_SHELL_ELEMENT_ID)?.remove();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
