import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { formatUk } from '../../lib/dates';
import { ADMIN, DB_KINDS, useTestApp, loginAs, post } from '../../test/harness';
import { EXPORT_PAGE_ROWS } from './docket-export.service';

const daysAgo = (n: number) => formatUk(new Date(Date.now() - n * 86_400_000), 'DD/MM/YYYY');

describe.each(DB_KINDS)('exports longer than a page on %s', (kind) => {
  let admin: string;
  const filter = { archive: true, dateStart: daysAgo(40), dateEnd: daysAgo(0) };
  const t = useTestApp(kind, { dockets: EXPORT_PAGE_ROWS * 2 + 150 });
  beforeAll(async () => {
    admin = await loginAs(t.app, ...ADMIN);
  });

  /** Every docket number of the filter, newest first, read through the list 50 at a time. */
  async function listed(): Promise<string[]> {
    const out: string[] = [];
    for (let page = 1; ; page++) {
      const res = (await post(t.app, '/api/docket/list', { ...filter, page, pageSize: 50 }, admin)).json();
      out.push(...res.rows.map((r: { dck_docket: number }) => String(r.dck_docket)));
      if (!res.hasMore) return out;
    }
  }

  it('streams every row of the filter into the CSV, in the list order, across pages', async () => {
    const expected = await listed();
    expect(expected.length).toBeGreaterThan(EXPORT_PAGE_ROWS);
    const res = await post(t.app, '/api/docket/export', { ...filter, format: 'csv' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="booking-history.csv"');
    const [header, ...rows] = parse(res.body) as string[][];
    expect(header![0]).toBe('Docket No');
    expect(rows.map((r) => r[0])).toEqual(expected);
  });

  it('streams a whole PDF of many pages', async () => {
    const res = await post(t.app, '/api/docket/export', { ...filter, format: 'pdf' }, admin);
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(10);
  });
});
