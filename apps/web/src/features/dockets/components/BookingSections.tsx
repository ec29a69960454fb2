import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { Columns } from '../../../components/Columns';
import { IconPlus } from '@tabler/icons-react';
import {
  BOOKING_ADDRESS,
  MSG,
  requiredFields,
  type CustomerRow,
  type ServiceType,
  type TariffType,
} from '@courier/contracts';
import { AfterPaint } from '../../../components/AfterPaint';
import { notifyError } from '../../../lib/notify';
import { mandatoryFor, type BookingRules } from '../booking-rules';
import { emptyAddress, referenceField } from '../booking-values';
import { AccountSection } from './AccountSection';
import { preloadBookingDateTime } from './BookingDateTime';
import { AddressSection } from './AddressSection';
import { fieldBinder, type BookingFormApi } from './field-binder';
import { ParcelSection } from './ParcelSection';
import { ReferencesSection } from './ReferencesSection';
import { ServiceSection } from './ServiceSection';

const ALWAYS = ['dadd_town', 'dadd_postalcode'];

interface BookingSectionsProps {
  form: BookingFormApi;
  readOnly: boolean;
  accounts: CustomerRow[];
  services: ServiceType[];
  tariffs: TariffType[];
  rules: BookingRules;
  onAccount: (account: CustomerRow) => void;
  /** Beside the parcels: the step's actions (Quote, Confirm, …). */
  actions?: ReactNode;
}

/**
 * The sections of the booking screen (spec "bookings…" §2 Booking detail): Account, References,
 * Service Details, any number (at least two) of 'Address N', Parcels. Adding is free; removing below
 * two addresses or one parcel is refused with the catalogue's 'Addresses' / 'Parcels' message.
 * Account draws at once, References and Service Details after one paint, and the addresses and
 * parcels after them, a part per paint (BelowTheTop): on a phone the screen shows sooner and
 * blocks the page in shorter tasks.
 */
export function BookingSections({
  form,
  readOnly,
  accounts,
  services,
  tariffs,
  rules,
  onAccount,
  actions,
}: BookingSectionsProps) {
  const field = fieldBinder(form, readOnly);
  const values = form.getValues();
  // The addresses' Ready and Deadline pickers load on their own, from the top's first draw on.
  useEffect(preloadBookingDateTime, []);
  const custId = values.dck_cust_id ? Number(values.dck_cust_id) : null;
  const account = accounts.find((a) => a.cust_id === custId);
  // Town and post code are always required (the API's minimum).
  const mandatory: string[] = [
    ...requiredFields(BOOKING_ADDRESS, mandatoryFor(rules, values.dck_serv_type)),
    ...ALWAYS,
  ];

  const removeAddress = (index: number) => {
    if (values.addresses.length <= 2) notifyError('Addresses', MSG.twoAddresses);
    else form.removeListItem('addresses', index);
  };
  const removeParcel = (index: number) => {
    if (values.parcels.length <= 1) notifyError('Parcels', MSG.oneParcel);
    else form.removeListItem('parcels', index);
  };

  return (
    <Stack gap="md">
      <Columns cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
        <AccountSection
          form={form}
          accounts={accounts}
          field={field}
          readOnly={readOnly}
          onAccount={onAccount}
        />
        <AfterPaint paints={1}>
          <ReferencesSection
            account={account}
            rules={rules}
            field={field}
            readOnly={readOnly}
            filled={(n) => values[referenceField(n)] !== ''}
          />
          <ServiceSection services={services} tariffs={tariffs} field={field} />
        </AfterPaint>
      </Columns>
      <BelowTheTop
        form={form}
        field={field}
        readOnly={readOnly}
        custId={custId}
        mandatory={mandatory}
        onRemoveAddress={removeAddress}
        onRemoveParcel={removeParcel}
        actions={actions}
      />
    </Stack>
  );
}

interface BelowTheTopProps {
  form: BookingFormApi;
  field: ReturnType<typeof fieldBinder>;
  readOnly: boolean;
  custId: number | null;
  mandatory: string[];
  onRemoveAddress: (index: number) => void;
  onRemoveParcel: (index: number) => void;
  actions?: ReactNode;
}

/**
 * The addresses, 'Add address', the parcels and the step's actions, drawn after the top row a part
 * per paint (AfterPaint): the first address after two paints, then the others and 'Add address',
 * then the parcels and actions; each part draws once when its turn comes, and the top row not again.
 */
function BelowTheTop({
  form,
  field,
  readOnly,
  custId,
  mandatory,
  onRemoveAddress,
  onRemoveParcel,
  actions,
}: BelowTheTopProps) {
  const addresses = form.getValues().addresses;
  // Where each address stood when the screen was first drawn: the first after two paints, the
  // others after three; one added later draws at once. One AfterPaint per address, keyed by it, so removing
  // one never moves another into a new parent (which would draw it afresh and lose its state).
  const firstDrawn = useRef(new Map(addresses.map((a, i) => [a.key, i])));
  const paintsOf = (key: string) => {
    const at = firstDrawn.current.get(key);
    return at === undefined ? 0 : at === 0 ? 2 : 3;
  };
  return (
    <>
      <Columns cols={{ base: 1, md: 2 }} spacing="md">
        {addresses.map((a, i) => (
          <AfterPaint key={a.key} paints={paintsOf(a.key)}>
            <AddressSection
              form={form}
              field={field}
              index={i}
              readOnly={readOnly}
              custId={custId}
              mandatory={mandatory}
              onRemove={() => onRemoveAddress(i)}
            />
          </AfterPaint>
        ))}
      </Columns>
      <AfterPaint paints={3}>
        {!readOnly && (
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => form.insertListItem('addresses', emptyAddress(1))}
            >
              Add address
            </Button>
          </Group>
        )}
      </AfterPaint>
      <AfterPaint paints={4}>
        <Columns cols={{ base: 1, md: 2 }} spacing="md">
          <ParcelSection form={form} field={field} readOnly={readOnly} onRemove={onRemoveParcel} />
          {actions}
        </Columns>
      </AfterPaint>
    </>
  );
}
