import { renderDocument } from '../../documents/render';
import { assertRight, type AuthContext } from '../auth/access';
import { docketForDocument } from './docket-detail.service';
import type { FileOut } from './docket-file';

/**
 * report/docket (export right, spec "bookings…" §6, §7): the docket detail report
 * (docket-report.pdf, drawn in the documents' worker thread), a PDF named after the docket number;
 * 404 'Docket not found' outside the caller's scope.
 */
export async function docketReport(auth: AuthContext, dckId: number): Promise<FileOut> {
  assertRight(auth, 'export');
  const docket = await docketForDocument(auth, dckId);
  const body = await renderDocument('docketReport', { tenantName: auth.tenant.name, docket });
  return { body, type: 'application/pdf', filename: `${docket.head.dck_docket}.pdf` };
}
