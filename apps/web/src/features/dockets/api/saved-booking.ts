import { queryOptions } from '@tanstack/react-query';
import type { DocketAddressRow, DocketDetail } from '@courier/contracts';
import { fetchDocketAddresses } from './docket-address-list';
import { fetchDocketBarcodes, type DocketBarcodeRow } from './docket-barcode-list';
import { fetchDocketDetail, type DocketRef } from './docket-detail';
import { DOCKET_DETAIL_KEY } from './docket-keys';
import { fetchDocketParcels, type DocketParcelRow } from './docket-parcel-list';

/** A saved booking with its addresses, barcodes and parcels: what the read-only booking screen shows. */
export interface SavedBooking {
  detail: DocketDetail;
  addresses: DocketAddressRow[];
  barcodes: DocketBarcodeRow[];
  parcels: DocketParcelRow[];
}

/** The four detail calls of spec "bookings…" §7 together, for an existing booking opened from a list. */
export const savedBookingQuery = (ref: DocketRef) =>
  queryOptions({
    queryKey: [...DOCKET_DETAIL_KEY, ref._docketId, ref.archive],
    queryFn: async (): Promise<SavedBooking> => {
      const [detail, addresses, barcodes, parcels] = await Promise.all([
        fetchDocketDetail(ref),
        fetchDocketAddresses(ref),
        fetchDocketBarcodes(ref),
        fetchDocketParcels(ref),
      ]);
      return { detail, addresses, barcodes, parcels };
    },
  });
