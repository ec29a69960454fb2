import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_CALLS_ELEMENT_ID, BOOT_CALLS_FRESH_MS, pageCallKey } from '@courier/contracts/page-calls';
import { writeBootCalls } from '../test/boot-session';
import { bootCallAnswers, resetBootCalls, takeBootCall } from './boot-calls';

const LIST = { archive: false, page: 1 };

afterEach(() => {
  vi.restoreAllMocks();
  resetBootCalls();
  document.getElementById(BOOT_CALLS_ELEMENT_ID)?.remove();
});

describe('takeBootCall', () => {
  it('gives the answer written for the same path and body once, whatever the key order', () => {
    writeBootCalls({ [pageCallKey('/api/docket/list', LIST)]: { rows: [1] } });
    expect(document.getElementById(BOOT_CALLS_ELEMENT_ID)).not.toBeNull();
    expect(takeBootCall('/api/docket/list', { page: 1, archive: false })).toEqual({ rows: [1] });
    expect(document.getElementById(BOOT_CALLS_ELEMENT_ID)).toBeNull();
    expect(takeBootCall('/api/docket/list', LIST)).toBeUndefined();
  });

  it('gives nothing for another body or path, or a page without answers', () => {
    writeBootCalls({ [pageCallKey('/api/docket/list', LIST)]: { rows: [] } });
    expect(takeBootCall('/api/docket/list', { ...LIST, page: 2 })).toBeUndefined();
    expect(takeBootCall('/api/customer/list', {})).toBeUndefined();
    resetBootCalls();
    expect(takeBootCall('/api/docket/list', LIST)).toBeUndefined();
  });

  it('gives nothing once the page has been open longer than its answers stay fresh', () => {
    writeBootCalls({ [pageCallKey('/api/customer/list', {})]: [] });
    vi.spyOn(performance, 'now').mockReturnValue(BOOT_CALLS_FRESH_MS + 1);
    expect(takeBootCall('/api/customer/list', {})).toBeUndefined();
  });
});

describe('bootCallAnswers', () => {
  it("gives the answers written for a path's calls, whatever their body, and leaves them to be taken", () => {
    vi.spyOn(performance, 'now').mockReturnValue(0);
    const detail = '/api/docket/track/detail';
    writeBootCalls({
      [pageCallKey(detail, { database: 'D', tracking_ref: 'T1' })]: { map: 1 },
      [pageCallKey('/api/docket/track', { database: 'D', tracking_ref: 'T1' })]: { summary: 1 },
    });
    expect(bootCallAnswers(detail)).toEqual([{ map: 1 }]);
    expect(bootCallAnswers('/api/docket/list')).toEqual([]);
    expect(takeBootCall(detail, { tracking_ref: 'T1', database: 'D' })).toEqual({ map: 1 });
    expect(bootCallAnswers(detail)).toEqual([]);
  });

  it('gives nothing once the page has been open longer than its answers stay fresh', () => {
    writeBootCalls({ [pageCallKey('/api/docket/track/detail', {})]: { map: 1 } });
    vi.spyOn(performance, 'now').mockReturnValue(BOOT_CALLS_FRESH_MS + 1);
    expect(bootCallAnswers('/api/docket/track/detail')).toEqual([]);
  });
});
