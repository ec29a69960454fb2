import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Grid, Group, Paper, TextInput } from '@mantine/core';
import { Select } from '../../../components/Select';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconDeviceFloppy, IconPlus, IconRefresh } from '@tabler/icons-react';
import { ADDRESS_BOOK_ADDRESS, ADDRESS_MSG, requiredFields, type UserSession } from '@courier/contracts';
import { ApiError } from '../../../lib/api-client';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { settingsQuery } from '../../customers';
import { PostcodeField } from '../../postcode';
import { searchPatch, useAddressSearch } from '../../postcode';
import { useAddressPost } from '../api/address-post';
import {
  ADDRESS_BOOK_FIELDS,
  addressBookPatch,
  toAddressPost,
  validateAddressBook,
  type AddressBookTextField,
  type AddressBookValues,
} from '../address-book-values';
import { ADDRESS_LIST_PATH, addressDetailPath } from '../address-paths';

/** Column span of each text input on wider screens. */
const SPAN: Record<AddressBookTextField, number> = {
  cadd_coname: 12,
  cadd_build: 6,
  cadd_street: 6,
  cadd_locality: 6,
  cadd_town: 6,
  cadd_county: 4,
  cadd_country: 4,
  cadd_postalcode: 4,
};
const TEXT_FIELDS = Object.keys(SPAN) as AddressBookTextField[];

/** Title of the address book's save notifications (spec "access…" §8). */
const SAVE_DATA = 'Save Data';

interface AddressBookFormProps {
  session: UserSession;
  initial: AddressBookValues;
  /** The entry being edited; none for a new one. */
  caddId?: number;
}

/**
 * The ADDRESS DETAIL form (spec "access…" §2, §5): the account (filtered by name or account code;
 * with a single account it is preselected and the Postcode field focused), the address with its
 * post code search (ADDRESS LIST), and Save, New, Reset, Back. A save returns to the list with
 * 'Address record saved'.
 */
export function AddressBookForm({ session, initial, caddId }: AddressBookFormProps) {
  const navigate = useNavigate();
  const form = useForm<AddressBookValues>({ initialValues: initial });
  const values = form.getValues();
  const custId = Number(values.cadd_cust_id) || undefined;
  const mandatory = useQuery(settingsQuery('mandatory', custId));
  const config = useQuery(settingsQuery('config', custId));
  const post = useAddressPost();
  const search = useAddressSearch((result) =>
    form.setValues(searchPatch(addressBookPatch(result), ['cadd_coname', 'cadd_build', 'cadd_street'])),
  );
  const postcodeRef = useRef<HTMLInputElement>(null);
  const single = session.accounts.length === 1;
  const required: string[] = requiredFields(ADDRESS_BOOK_ADDRESS, mandatory.data?.AddressBook);

  useEffect(() => {
    if (single && caddId === undefined) postcodeRef.current?.focus();
  }, [single, caddId]);

  const save = () => {
    const { errors, notice } = validateAddressBook(
      form.getValues(),
      { mandatory: mandatory.data?.AddressBook, disallowPoBox: config.data?.cfg_disallow_pobox === 'T' },
      session.user.ausr_bypass_pcode_validation === 'T',
    );
    form.setErrors(errors);
    if (notice) notifyError(SAVE_DATA, notice);
    if (Object.keys(errors).length) return;
    post.mutate(toAddressPost(form.getValues(), caddId), {
      onSuccess: () => {
        notifySuccess(ADDRESS_MSG.saved);
        void navigate(ADDRESS_LIST_PATH);
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(error.fields ?? {});
        notifyApiError(SAVE_DATA, error);
      },
    });
  };

  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} maw={960}>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Select
            label="Account"
            placeholder="Search by name or account code"
            data={session.accounts.map((a) => ({
              value: String(a.cust_id),
              label: `${a.cust_name} (${a.cust_acc_code})`,
            }))}
            searchable
            allowDeselect={false}
            withAsterisk
            nothingFoundMessage="No matching account"
            {...form.getInputProps('cadd_cust_id')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }} style={{ alignSelf: 'flex-end' }}>
          <Checkbox
            label="Default delivery address"
            mb={8}
            {...form.getInputProps('cadd_default_delivery', { type: 'checkbox' })}
          />
        </Grid.Col>
        {TEXT_FIELDS.map((key) => {
          const input = {
            label: ADDRESS_BOOK_FIELDS[key].label,
            maxLength: ADDRESS_BOOK_FIELDS[key].max,
            withAsterisk: required.includes(key),
            autoComplete: 'off',
            ...form.getInputProps(key),
          };
          return (
            <Grid.Col key={key} span={{ base: 12, sm: SPAN[key] }}>
              {key === 'cadd_postalcode' ? (
                <PostcodeField
                  {...input}
                  ref={postcodeRef}
                  searching={search.searching}
                  onSearch={() =>
                    search.search({
                      organisation: values.cadd_coname,
                      building: values.cadd_build,
                      street: values.cadd_street,
                      locality: values.cadd_locality,
                      town: values.cadd_town,
                      county: values.cadd_county,
                      postcode: values.cadd_postalcode,
                    })
                  }
                />
              ) : (
                <TextInput {...input} />
              )}
            </Grid.Col>
          );
        })}
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput label="Latitude" readOnly value={values.cadd_latitude ?? ''} variant="filled" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput label="Longitude" readOnly value={values.cadd_longitude ?? ''} variant="filled" />
        </Grid.Col>
      </Grid>
      <Group justify="space-between" mt="lg" gap="sm">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => void navigate(ADDRESS_LIST_PATH)}
        >
          Back
        </Button>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => {
              form.setValues(initial);
              form.clearErrors();
            }}
          >
            Reset
          </Button>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => void navigate(addressDetailPath())}
          >
            New
          </Button>
          <Button leftSection={<IconDeviceFloppy size={16} />} loading={post.isPending} onClick={save}>
            Save
          </Button>
        </Group>
      </Group>
      {search.modal}
    </Paper>
  );
}
