import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '@courier/contracts';
import { pageShell } from './page-shell';

/** A signed-in session as auth/session answers it, with the tenant's theme. */
const session = (
  theme: Partial<SessionResponse['tenant']['theme']> = {},
  stage = 'full',
  rights = ['booking', 'history'],
) =>
  ({
    stage,
    rights,
    tenant: { name: 'Demo', theme: { primaryColor: 'orange', name: 'Demo Couriers', ...theme } },
  }) as SessionResponse;

describe('pageShell (web/page-shell): the signed-in frame and heading written into a page', () => {
  it('draws the heading of a screen with a fixed one, the tenant name and its icon in its colour', () => {
    const html = pageShell('/docket/archive', session());
    expect(html).toContain('<h1 class="boot-shell-heading">Your Booking History</h1>');
    expect(html).toContain('<span class="boot-shell-name">Demo Couriers</span>');
    expect(html).toContain('style="background:var(--mantine-color-orange-filled)"');
  });

  it("shows the tenant's logo when it has one", () => {
    expect(pageShell('/docket/list', session({ logo: '/logos/demo.svg' }))).toContain(
      '<img src="/logos/demo.svg" alt="" width="36" height="36">',
    );
  });

  it('writes a name, a logo or a colour from the settings as text, never as markup or style', () => {
    const html = pageShell(
      '/docket/list',
      session({
        name: '<script>alert(1)</script>',
        logo: '"><script>alert(2)</script>',
        primaryColor: 'red;background:url(//evil.example)',
      }),
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('src="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
    expect(html).not.toContain('evil.example');
  });

  it('draws nothing for a screen without a fixed heading, a URL with a query, or a sign-in not yet done', () => {
    expect(pageShell('/home', session())).toBe('');
    expect(pageShell('/docket/detail?_id=12', session())).toBe('');
    expect(pageShell('/docket/detail', session({}, 'otp'))).toBe('');
    expect(pageShell('/docket/detail', session({}, 'password'))).toBe('');
  });

  it('draws nothing for a screen the user may not open (the app sends them elsewhere)', () => {
    expect(pageShell('/docket/detail', session({}, 'full', ['history']))).toBe('');
    expect(pageShell('/docket/list', session({}, 'full', ['booking']))).toBe('');
    expect(pageShell('/docket/list', session({}, 'full', ['history']))).toContain('Your Recent Bookings');
  });
});
