import { renderDocument } from '../../documents/render';
import type { AuthContext } from '../auth/access';
import { docketForDocument } from './docket-detail.service';
import type { FileOut } from './docket-file';

/**
 * Consignment Label (spec "bookings…" §2): one A6 page per docket (docket-label.pdf), drawn in the
 * documents' worker thread; 404 'Docket not found' outside the caller's scope.
 */
export async function label(auth: AuthContext, dckId: number): Promise<FileOut> {
  const docket = await docketForDocument(auth, dckId);
  const body = await renderDocument('label', { tenantName: auth.tenant.name, docket });
  return { body, type: 'application/pdf', filename: `label-${docket.head.dck_docket}.pdf` };
}
