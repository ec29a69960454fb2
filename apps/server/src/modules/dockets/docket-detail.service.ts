import { MSG, type DocketAddressRow, type DocketDetail } from '@courier/contracts';
import { AppError } from '../../lib/app-error';
import { assertRight, docketScope, type AuthContext } from '../auth/access';
import * as repo from './dockets.repository';
import { shownPounds } from '../pricing/price-view';

/** Dockets are read from the lists (history right) or re-used from the booking screen (booking right). */
function assertReader(auth: AuthContext): void {
  if (!auth.rights.includes('history')) assertRight(auth, 'booking');
}

/** The docket if it belongs to the caller's accounts; 404 'Docket not found' otherwise (spec "access…" §8). */
async function ownDocket(auth: AuthContext, dckId: number) {
  assertReader(auth);
  const found = await repo.docketDetail(auth.db, dckId, docketScope(auth));
  if (!found) throw new AppError('NOT_FOUND', MSG.docketNotFound);
  return found;
}

/** docket/detail: the saved booking for the read-only booking screen; prices only with the price right. */
export async function detail(auth: AuthContext, dckId: number): Promise<DocketDetail> {
  const { docket: d, ...names } = await ownDocket(auth, dckId);
  return {
    dck_id: d.dck_id,
    dck_docket: d.dck_docket,
    dck_cust_id: d.dck_cust_id,
    dck_serv_type: d.dck_serv_type,
    dck_tariff: d.dck_tariff,
    dck_cust_ref1: d.dck_cust_ref1,
    dck_cust_ref2: d.dck_cust_ref2,
    dck_cust_ref3: d.dck_cust_ref3,
    dck_cust_ref4: d.dck_cust_ref4,
    dck_cust_ref5: d.dck_cust_ref5,
    dck_cust_ref6: d.dck_cust_ref6,
    dck_contact: d.dck_contact,
    dck_telephone: d.dck_telephone,
    dck_email: d.dck_email,
    dck_booked: d.dck_booked.toISOString(),
    tracking_reference: d.tracking_reference,
    dck_distance: Number(d.dck_distance),
    dck_time: d.dck_time,
    cust_total_price: shownPounds(auth, d.dck_total_pence),
    netvat: shownPounds(auth, d.dck_vat_pence),
    ...names,
  };
}

/** docket/address/list: the docket's addresses in booking order. */
export async function addresses(auth: AuthContext, dckId: number): Promise<DocketAddressRow[]> {
  await ownDocket(auth, dckId);
  const rows = await repo.addressesOf(auth.db, dckId);
  return rows.map(({ dadd_dck_id: _d, dadd_projected: _p, ...a }) => ({
    ...a,
    dadd_ready: a.dadd_ready?.toISOString() ?? null,
    dadd_deadline: a.dadd_deadline?.toISOString() ?? null,
  }));
}

/** docket/barcode/list. */
export async function barcodes(auth: AuthContext, dckId: number) {
  await ownDocket(auth, dckId);
  return (await repo.barcodesOf(auth.db, dckId)).map(({ dab_dck_id: _d, ...b }) => b);
}

/** docket/parcel/list. */
export async function parcels(auth: AuthContext, dckId: number) {
  await ownDocket(auth, dckId);
  return (await repo.parcelsOf(auth.db, dckId)).map(({ dpcl_dck_id: _d, ...p }) => ({
    ...p,
    dpcl_weight: Number(p.dpcl_weight),
  }));
}

/** Everything a document about one docket needs, checked like the detail. */
export async function docketForDocument(auth: AuthContext, dckId: number) {
  const [head, addrs, codes, pcs] = await Promise.all([
    detail(auth, dckId),
    repo.addressesOf(auth.db, dckId),
    repo.barcodesOf(auth.db, dckId),
    repo.parcelsOf(auth.db, dckId),
  ]);
  return { head, addresses: addrs, barcodes: codes, parcels: pcs };
}
