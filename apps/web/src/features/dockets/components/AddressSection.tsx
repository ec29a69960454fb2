import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Text } from '@mantine/core';
import { Select } from '../../../components/Select';
import { IconAddressBook, IconBarcode, IconTrash } from '@tabler/icons-react';
import { hint } from '../../../components/HintTooltip';
import { FieldCol, FieldGrid } from '../../../components/FieldGrid';
import { Section } from '../../../components/Section';
import { TextField } from '../../../components/TextField';
import { partsOfCustomerAddress } from '../../addresses';
import { CustomerAddressListModal } from '../../addresses';
import { PostcodeField } from '../../postcode';
import { searchPatch, useAddressSearch } from '../../postcode';
import { bookingAddressOf } from '../booking-input';
import { ADDRESS_FIELDS, addressTitle, type AddressTextField, type AddressValues } from '../booking-values';
import { BarcodesModal } from './BarcodesModal';
import { BookingDateTime } from './BookingDateTime';
import type { BookingFormApi, FieldBinder } from './field-binder';

/** Column span of each text input on wider screens. */
const SPAN: Record<AddressTextField, number> = {
  dadd_companyname: 12,
  dadd_build: 6,
  dadd_street: 6,
  dadd_locality: 6,
  dadd_town: 6,
  dadd_county: 6,
  dadd_country: 6,
  dadd_postalcode: 6,
  dadd_name: 6,
  dadd_telephone: 6,
  dadd_email: 6,
};
const TEXT_FIELDS = Object.keys(SPAN) as AddressTextField[];

const TYPES = [
  { value: '0', label: 'Collect' },
  { value: '1', label: 'Deliver' },
];

interface AddressSectionProps {
  form: BookingFormApi;
  field: FieldBinder;
  index: number;
  readOnly: boolean;
  /** The booking's account: its address book fills the address. */
  custId: number | null;
  /** The fields the service type makes mandatory (marked with an asterisk). */
  mandatory: readonly string[];
  onRemove: () => void;
}

/**
 * One 'Address N' of the booking screen (spec "bookings…" §2 Booking detail, §3 Docket address): the
 * address with its post code search (ADDRESS LIST), the account's Customer Address List, contact,
 * Ready and Deadline, and its barcodes (Address Barcodes).
 */
export function AddressSection({
  form,
  field,
  index,
  readOnly,
  custId,
  mandatory,
  onRemove,
}: AddressSectionProps) {
  const path = `addresses.${index}`;
  const values = form.getValues();
  const address = values.addresses[index]!;
  const title = addressTitle(index, values.addresses.length, address.dadd_addresstype);
  const [barcodesOpen, setBarcodesOpen] = useState(false);
  const [bookOpen, setBookOpen] = useState(false);
  const barcodeError = Object.entries(form.errors).find(([key]) => key.startsWith(`${path}.barcodes`))?.[1];
  const fill = (patch: Partial<AddressValues>) => form.setFieldValue(path, { ...address, ...patch });
  const search = useAddressSearch((result) =>
    fill(searchPatch(bookingAddressOf(result), ['dadd_companyname', 'dadd_build', 'dadd_street'])),
  );
  const inputs = (key: AddressTextField) => ({
    label: ADDRESS_FIELDS[key].label,
    maxLength: ADDRESS_FIELDS[key].max,
    withAsterisk: !readOnly && mandatory.includes(key),
    autoComplete: 'off',
    ...field(`${path}.${key}`),
  });

  const aside = !readOnly && (
    <Group gap={4}>
      <ActionIcon
        variant="subtle"
        aria-label={`Customer Address List for ${title}`}
        {...hint('Customer Address List')}
        disabled={custId === null}
        onClick={() => setBookOpen(true)}
      >
        <IconAddressBook size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove ${title}`}
        {...hint('Remove address')}
        onClick={onRemove}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );

  return (
    <Section title={title} aside={aside}>
      <FieldGrid>
        {index > 0 && (
          <FieldCol span={6}>
            <Select
              label="Address type"
              data={TYPES}
              allowDeselect={false}
              {...field(`${path}.dadd_addresstype`)}
              value={String(address.dadd_addresstype)}
              onChange={(v) => form.setFieldValue(`${path}.dadd_addresstype`, v === '0' ? 0 : 1)}
            />
          </FieldCol>
        )}
        {TEXT_FIELDS.map((key) => (
          <FieldCol key={key} span={SPAN[key]}>
            {key === 'dadd_postalcode' ? (
              <PostcodeField
                {...inputs(key)}
                searching={search.searching}
                onSearch={() =>
                  search.search({
                    organisation: address.dadd_companyname,
                    building: address.dadd_build,
                    street: address.dadd_street,
                    locality: address.dadd_locality,
                    town: address.dadd_town,
                    county: address.dadd_county,
                    postcode: address.dadd_postalcode,
                  })
                }
              />
            ) : (
              <TextField {...inputs(key)} />
            )}
          </FieldCol>
        ))}
        <FieldCol span={6}>
          <BookingDateTime label="Ready" {...field(`${path}.dadd_ready`)} />
        </FieldCol>
        <FieldCol span={6}>
          <BookingDateTime label="Deadline" {...field(`${path}.dadd_deadline`)} />
        </FieldCol>
        <FieldCol>
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconBarcode size={16} />}
              onClick={() => setBarcodesOpen(true)}
            >
              Barcodes ({address.barcodes.length})
            </Button>
            {address.barcodes.map((b) => (
              <Badge key={b} variant="outline" tt="none" ff="monospace">
                {b}
              </Badge>
            ))}
          </Group>
          {barcodeError && (
            <Text size="xs" c="red" mt={4}>
              {barcodeError}
            </Text>
          )}
        </FieldCol>
      </FieldGrid>
      {search.modal}
      <BarcodesModal
        opened={barcodesOpen}
        addressTitle={title}
        barcodes={address.barcodes}
        readOnly={readOnly}
        onChange={(barcodes) => form.setFieldValue(`${path}.barcodes`, barcodes)}
        onClose={() => setBarcodesOpen(false)}
      />
      <CustomerAddressListModal
        custId={bookOpen ? custId : null}
        onClose={() => setBookOpen(false)}
        onChoose={(row) => {
          setBookOpen(false);
          fill(bookingAddressOf(partsOfCustomerAddress(row)));
        }}
      />
    </Section>
  );
}
