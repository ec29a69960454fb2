import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE, rightsOf, routeDecision } from './rights';

describe('rightsOf', () => {
  it('gives home to everyone and the flagged rights', () => {
    expect(rightsOf({})).toEqual(['home']);
    expect(rightsOf({ ausr_rights_control: 'T', ausr_rights_booking: 'F' })).toEqual(['home', 'control']);
    expect(rightsOf({ ausr_rights_booking: 'T', ausr_rights_history: 'T' })).toEqual([
      'home',
      'history',
      'booking',
    ]);
  });
});

describe('routeDecision (spec "access…" §2 routing rules)', () => {
  it('lets anyone open public routes', () => {
    for (const [path, need] of Object.entries(ROUTE_TABLE))
      if (need === 'public') expect(routeDecision(path, null)).toBe('allow');
    expect(routeDecision('/reset/abc', null)).toBe('allow');
  });
  it('sends a guest on a protected route to login', () => {
    expect(routeDecision('/docket/list', null)).toBe('login');
    expect(routeDecision('/home', null)).toBe('login');
  });
  it('sends a signed-in user without the right home', () => {
    expect(routeDecision('/docket/list', ['home', 'control'])).toBe('home');
    expect(routeDecision('/control', ['home', 'control'])).toBe('allow');
  });
  it('sends an unknown state home when signed in, else to login', () => {
    expect(routeDecision('/nowhere', ['home'])).toBe('home');
    expect(routeDecision('/nowhere', null)).toBe('login');
  });
});
