import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isPhone, startingLate } from './first-view';
import { phoneMatches } from './first-view-globals';

const requestWith = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('isPhone (web/first-view)', () => {
  it("takes Chromium's Sec-CH-UA-Mobile first, else a user agent naming 'Mobi'", () => {
    expect(isPhone(requestWith({ 'sec-ch-ua-mobile': '?1' }))).toBe(true);
    expect(isPhone(requestWith({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mobile Safari' }))).toBe(false);
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const firefox = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';
    const ipad =
      'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/604.1';
    const desktop =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(isPhone(requestWith({ 'user-agent': iphone }))).toBe(true);
    expect(isPhone(requestWith({ 'user-agent': firefox }))).toBe(true);
    expect(isPhone(requestWith({ 'user-agent': ipad }))).toBe(false);
    expect(isPhone(requestWith({ 'user-agent': desktop }))).toBe(false);
    expect(isPhone(requestWith({}))).toBe(false);
  });
});

describe('startingLate (web/first-view)', () => {
  it("names the app's entry and module preloads on the late start's element instead of loading them", () => {
    const page =
      '<html><head><script type="module" fetchpriority="low" crossorigin src="/assets/index-A1.js"></script>' +
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-B2.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-C3.css">' +
      '<link rel="modulepreload" crossorigin href="/assets/TrackPage-D4.js"></head><body><div id="root"></div></body></html>';
    expect(startingLate(page, '/assets/start-late-E5.js')).toBe(
      '<html><head><script type="module" crossorigin src="/assets/start-late-E5.js" data-app-entry="/assets/index-A1.js"' +
        ' data-app-preloads="/assets/react-B2.js /assets/TrackPage-D4.js"></script>' +
        '<link rel="stylesheet" crossorigin href="/assets/index-C3.css">' +
        '</head><body><div id="root"></div></body></html>',
    );
  });

  it('leaves a page without a module script as it is', () => {
    const page = '<html><head></head><body><div id="root"></div></body></html>';
    expect(startingLate(page, '/assets/start-late-E5.js')).toBe(page);
  });
});

describe('phoneMatches (web/first-view-globals)', () => {
  it("answers the app's width queries as a 412-px phone would", () => {
    expect(phoneMatches('(max-width: 768px)')).toBe(true);
    expect(phoneMatches('(max-width: 48em)')).toBe(true);
    expect(phoneMatches('(max-width: 400px)')).toBe(false);
    expect(phoneMatches('(min-width: 36em)')).toBe(false);
    expect(phoneMatches('(min-width: 320px) and (max-width: 767px)')).toBe(true);
    expect(phoneMatches('(prefers-reduced-motion: reduce)')).toBe(false);
  });
});
