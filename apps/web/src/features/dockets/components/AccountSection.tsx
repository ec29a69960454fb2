import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { TextField } from '../../../components/TextField';
import { Columns } from '../../../components/Columns';
import { Select } from '../../../components/Select';
import { IconAddressBook, IconBuilding } from '@tabler/icons-react';
import type { CustomerRow } from '@courier/contracts';
import { Section } from '../../../components/Section';
import { ContactsModal } from '../../customers';
import { CONTACT_LIMITS } from '../booking-values';
import type { BookingFormApi, FieldBinder } from './field-binder';

interface AccountSectionProps {
  form: BookingFormApi;
  accounts: CustomerRow[];
  field: FieldBinder;
  readOnly: boolean;
  /** Called with the newly chosen account (its default service and tariff follow). */
  onAccount: (account: CustomerRow) => void;
}

/**
 * 'Account' (spec "bookings…" §2 Booking detail): the user's accounts and the booking's contact,
 * which the Customer Contacts modal fills (name, telephone, email).
 */
export function AccountSection({ form, accounts, field, readOnly, onAccount }: AccountSectionProps) {
  const [contactsOpen, setContactsOpen] = useState(false);
  const custId = form.getValues().dck_cust_id;
  return (
    <Section title="Account">
      <Stack gap="sm">
        <Select
          label="Account"
          leftSection={<IconBuilding size={16} />}
          data={accounts.map((a) => ({
            value: String(a.cust_id),
            label: `${a.cust_name} (${a.cust_acc_code})`,
          }))}
          allowDeselect={false}
          searchable={accounts.length > 5}
          withAsterisk={!readOnly}
          {...field('dck_cust_id')}
          onChange={(value) => {
            const chosen = accounts.find((a) => String(a.cust_id) === value);
            if (chosen) onAccount(chosen);
          }}
        />
        <TextField label="Contact" maxLength={CONTACT_LIMITS.dck_contact} {...field('dck_contact')} />
        <Columns cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField label="Telephone" maxLength={CONTACT_LIMITS.dck_telephone} {...field('dck_telephone')} />
          <TextField label="Email" maxLength={CONTACT_LIMITS.dck_email} {...field('dck_email')} />
        </Columns>
        {!readOnly && (
          <Button
            variant="light"
            size="xs"
            w="fit-content"
            leftSection={<IconAddressBook size={16} />}
            disabled={!custId}
            onClick={() => setContactsOpen(true)}
          >
            Customer Contacts
          </Button>
        )}
      </Stack>
      <ContactsModal
        custId={contactsOpen && custId ? Number(custId) : null}
        onClose={() => setContactsOpen(false)}
        onChoose={(c) => {
          setContactsOpen(false);
          form.setValues({
            dck_contact: c.ccnt_name,
            dck_telephone: c.ccnt_telephone,
            dck_email: c.ccnt_email,
          });
        }}
      />
    </Section>
  );
}
