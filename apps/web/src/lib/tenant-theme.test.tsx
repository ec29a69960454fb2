import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useMantineTheme } from '@mantine/core';
import { BOOT_SESSION_ELEMENT_ID } from '@courier/contracts/rights';
import { clearBootSession, writeBootSession } from '../test/boot-session';
import { TenantThemeProvider, useTenantTheme } from './tenant-theme';

/** The theme each render drew with. */
let drawn: string[] = [];
let setTenant: ReturnType<typeof useTenantTheme>['setTenant'] = () => undefined;

function Probe() {
  const theme = useMantineTheme();
  setTenant = useTenantTheme().setTenant;
  drawn.push(theme.primaryColor);
  return <p>{theme.primaryColor}</p>;
}

afterEach(() => {
  drawn = [];
  clearBootSession();
});

const NORTHERN = { primaryColor: 'orange', name: 'Northern Express' };

describe('TenantThemeProvider', () => {
  it('draws the first screen in the colours of the session the page carries, and leaves it for the restore', () => {
    writeBootSession(JSON.stringify({ user: {}, tenant: { theme: NORTHERN } }));
    render(
      <TenantThemeProvider>
        <Probe />
      </TenantThemeProvider>,
    );
    expect(drawn).toEqual(['orange']);
    expect(document.title).toBe('Northern Express');
    expect(document.getElementById(BOOT_SESSION_ELEMENT_ID)).not.toBeNull(); // left for the restore
    // The restore applies the same theme: nothing is drawn again.
    act(() => setTenant({ ...NORTHERN }));
    expect(drawn).toEqual(['orange']);
    act(() => setTenant({ primaryColor: 'blue', name: 'Demo Couriers' }));
    expect(screen.getByText('blue')).toBeTruthy();
  });

  it('starts neutral without a session in the page, or with one that is not a theme', () => {
    writeBootSession(JSON.stringify({ tenant: { theme: { primaryColor: 7 } } }));
    render(
      <TenantThemeProvider>
        <Probe />
      </TenantThemeProvider>,
    );
    expect(drawn).toEqual(['blue']);
    expect(document.title).toBe('Courier Portal');
  });
});
