import { describe, expect, it } from 'vitest';
import { PAGE_CALLS, pageCallKey } from './page-calls';

describe('pageCallKey', () => {
  it('is the path and the body as JSON with its keys in order, at every depth', () => {
    expect(
      pageCallKey('/api/docket/list', { page: 1, sort: { direction: 'desc', column: 'dck_docket' } }),
    ).toBe('/api/docket/list {"page":1,"sort":{"column":"dck_docket","direction":"desc"}}');
    expect(pageCallKey('/api/a', { b: 1, a: [2, { d: 1, c: null }] })).toBe(
      pageCallKey('/api/a', { a: [2, { c: null, d: 1 }], b: 1 }),
    );
  });

  it('leaves out undefined fields, as the JSON body sent leaves them out', () => {
    expect(pageCallKey('/api/x', { type: 'settings', cust_id: undefined })).toBe(
      pageCallKey('/api/x', JSON.parse(JSON.stringify({ type: 'settings', cust_id: undefined }))),
    );
    expect(pageCallKey('/api/x', undefined)).toBe('/api/x {}');
  });
});

describe('PAGE_CALLS', () => {
  it("asks the booking screen's settings for the user's default account, or with no account when there is none", () => {
    const withAccount = PAGE_CALLS['/docket/detail']!({ ausr_cust_id: 4 });
    expect(withAccount.map((c) => c.path)).toEqual([
      '/api/customer/list',
      '/api/servicetype/list',
      '/api/tarifftype/list',
      '/api/system/general/list',
      '/api/system/mandatory/list',
      '/api/system/message/list',
      '/api/system/hoo/list',
      '/api/system/config/list',
    ]);
    expect(withAccount[3]!.body).toEqual({ type: 'settings', cust_id: 4 });
    const none = PAGE_CALLS['/docket/detail']!({ ausr_cust_id: null })[3]!;
    expect(pageCallKey(none.path, none.body)).toBe('/api/system/general/list {"type":"settings"}');
  });
});
