import { describe, expect, it } from 'vitest';
import { mapPreconnectTag } from './map-preconnect';

describe('mapPreconnectTag', () => {
  const osm = mapPreconnectTag('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  const tag = '<link rel="preconnect" href="https://tile.openstreetmap.org">';

  it('connects ahead to the tiles on the page that opens on a map, whatever its query', () => {
    expect(osm('/docket/track?tracking_ref=T1&database=Demo')).toBe(tag);
    expect(osm('/docket/track/')).toBe(tag);
  });

  it('adds nothing to other pages', () => {
    for (const path of ['/login', '/docket/list', '/docket/trackx', '/', '/driver', '/driver/x'])
      expect(osm(path)).toBe('');
  });

  it('adds nothing without one origin to connect to', () => {
    for (const url of [undefined, '', 'https://{s}.tile.example/{z}/{x}/{y}.png', 'ftp://x/{z}', 'not a url'])
      expect(mapPreconnectTag(url)('/docket/track'), String(url)).toBe('');
  });

  it('writes an http origin with its port', () => {
    expect(mapPreconnectTag('http://127.0.0.1:8080/{z}/{x}/{y}.png')('/docket/track')).toBe(
      '<link rel="preconnect" href="http://127.0.0.1:8080">',
    );
  });
});
