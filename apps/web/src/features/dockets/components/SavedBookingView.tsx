import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import type { UserSession } from '@courier/contracts';
import { PageTitle } from '../../../components/PageTitle';
import { canOpen } from '../../auth';
import type { SavedBooking } from '../api/saved-booking';
import { accountOfDetail, savedToValues, summaryOfDetail } from '../booking-input';
import { useBookingRules } from '../booking-rules';
import type { BookingValues } from '../booking-values';
import type { BookingLookups } from '../use-booking-lookups';
import { useNewBooking, useReuseBooking } from '../use-new-booking';
import { BookingSections } from './BookingSections';
import { YourBooking } from './YourBooking';

interface SavedBookingViewProps extends BookingLookups {
  session: UserSession;
  saved: SavedBooking;
  /** The list the booking was opened from; Back returns there. */
  backTo: string;
}

const ignore = () => undefined;

/**
 * An existing booking, read-only (spec "bookings…" §2 Booking detail, 'BOOKING {docket}'): Your
 * Booking, then the saved account, references, service, addresses with their barcodes and parcels.
 * Re-use copies it into a new booking (booking right).
 */
export function SavedBookingView({
  session,
  saved,
  backTo,
  accounts,
  services,
  tariffs,
}: SavedBookingViewProps) {
  const [values] = useState<BookingValues>(() => savedToValues(saved));
  const form = useForm<BookingValues>({ initialValues: values });
  const rules = useBookingRules(saved.detail.dck_cust_id);
  const reuse = useReuseBooking();
  const startNew = useNewBooking();
  const mayBook = canOpen(session, '/docket/detail');
  const d = saved.detail;
  const known = accounts.some((a) => a.cust_id === d.dck_cust_id)
    ? accounts
    : [...accounts, accountOfDetail(d)];
  return (
    <>
      <PageTitle
        actions={
          <Button component={Link} to={backTo} variant="default" leftSection={<IconArrowLeft size={16} />}>
            Back
          </Button>
        }
      >
        {`BOOKING ${d.dck_docket}`}
      </PageTitle>
      <YourBooking
        booking={summaryOfDetail(d)}
        onReuse={mayBook ? () => reuse(values) : undefined}
        onNew={mayBook ? startNew : undefined}
      />
      <BookingSections
        form={form}
        readOnly
        accounts={known}
        services={services}
        tariffs={tariffs}
        rules={rules}
        onAccount={ignore}
      />
    </>
  );
}
