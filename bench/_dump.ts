import pg from 'pg';
import { sql, Placeholder } from 'drizzle-orm';
import { openTenant } from '../apps/server/src/db/tenants';
import { queryRows } from '../apps/server/src/db/client';
import { circuitsOfUser, firstPageSelect, firstPageValues } from '../apps/server/src/modules/control/circuits.repository';
import { parseSelectFields } from '@courier/contracts';
const url = 'postgres://postgres@localhost/courier_bench_control?host=/var/run/postgresql';
const tenant = await openTenant({ name: 'Bench', theme: { primaryColor: 'blue', name: 'Bench' }, url });
const [{ ausr_id }] = (await queryRows<{ ausr_id: number }>(tenant.db, sql`select ausr_id from users where ausr_logon = 'control'`)) as [{ ausr_id: number }];
const circuit = (await circuitsOfUser(tenant.db, ausr_id)).find((c) => c.cir_circ_code === 'LIVE')!;
for (const column of ['dck_docket', 'from_deadline'] as const) {
  const page = { circuit, columns: parseSelectFields(circuit.cir_selectfields), now: new Date(), search: '', sort: { column, direction: 'asc' as const }, pageSize: 50, offset: 0 };
  const { sql: text, params } = firstPageSelect(tenant.db, page).toSQL();
  const named: Record<string, unknown> = firstPageValues(page);
  const values = params.map((p) => (p instanceof Placeholder ? named[p.name] : p));
  const c = new pg.Client({ connectionString: url });
  const lit = text.replace(/\$(\d+)/g, (_, n) => c.escapeLiteral(String(Array.isArray(values[n - 1]) ? `{${(values[n - 1] as unknown[]).join(',')}}` : values[n - 1])));
  (await import('node:fs')).writeFileSync(`/tmp/page_${column}.sql`, lit + ';\n');
}
console.log(circuit.cir_selectfields);
await tenant.close();
