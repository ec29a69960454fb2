import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import { Select } from '../../../components/Select';
import { useForm } from '@mantine/form';
import { IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { MSG, USER_MSG, sameEmail, type UserAccountRow, type UserSession } from '@courier/contracts';
import { Section } from '../../../components/Section';
import { ApiError } from '../../../lib/api-client';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { MAIN_ADDRESS_TYPE, accountAddressesQuery } from '../../addresses';
import {
  CurrentPasswordInput,
  NewPasswordFields,
  useChangePassword,
  useCurrentPassword,
  useNewPassword,
  usePasswordPolicy,
} from '../../auth';
import { useUserPost } from '../api/user-post';
import { CommunicationsSection, NamesSection } from './UserDetailSections';
import { toUserPost, validateUserForm, type UserFormValues } from '../user-form';

interface MyAccountFormProps {
  session: UserSession;
  initial: UserFormValues;
  accounts: UserAccountRow[];
}

/** The default account's main address, read-only (needs the booking or address book right to read). */
function AddressDetails({ session, custId }: { session: UserSession; custId: number | null }) {
  const canRead = session.rights.includes('booking') || session.rights.includes('addressbook');
  const main = useQuery({
    ...accountAddressesQuery(custId ?? 0, MAIN_ADDRESS_TYPE),
    enabled: canRead && custId !== null,
  });
  const a = main.data?.[0];
  if (!a)
    return (
      <Text size="sm" c="dimmed">
        No account address
      </Text>
    );
  return (
    <Text size="sm" component="address" style={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
      {[
        a.cadd_coname,
        a.cadd_build,
        a.cadd_street,
        a.cadd_locality,
        a.cadd_town,
        a.cadd_county,
        a.cadd_postalcode,
        a.cadd_country,
      ]
        .filter(Boolean)
        .join('\n')}
    </Text>
  );
}

/** Change Password: the current password, the new one with its confirmation and strength (spec "access…" §5). */
function ChangePassword({ session }: { session: UserSession }) {
  const policy = usePasswordPolicy(session.tenant.name);
  const fields = useNewPassword(policy);
  const change = useChangePassword();
  const current = useCurrentPassword();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing = !current.check();
    if (!fields.validate(session.user.ausr_logon) || missing) return;
    change.mutate(
      { ausr_password: fields.password, ausr_current_password: current.value },
      {
        onSuccess: (r) => {
          notifySuccess(r.message);
          fields.reset();
          current.reset();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields?.ausr_password)
            fields.setServerError(error.fields.ausr_password);
          if (error instanceof ApiError && error.fields?.ausr_current_password)
            current.setError(error.fields.ausr_current_password);
          notifyApiError('Change password failed', error);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <CurrentPasswordInput {...current.field} />
        <NewPasswordFields
          label="New password"
          state={fields}
          policy={policy}
          username={session.user.ausr_logon}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            variant="light"
            loading={change.isPending}
            leftSection={<IconCheck size={16} />}
          >
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * My Account (spec "bookings…" §2 My Account; /user/detail state current): sections Account
 * Details, Personal Details, Change Password, Address Details and Communications for the signed-in
 * user; never the rights. Editing needs the "my details" right (ausr_rights_password); without it
 * the details are read-only.
 */
export function MyAccountForm({ session, initial, accounts }: MyAccountFormProps) {
  const form = useForm<UserFormValues>({ initialValues: initial });
  const values = form.getValues();
  const policy = usePasswordPolicy(session.tenant.name);
  const post = useUserPost();
  const editable = session.user.ausr_rights_password === 'T';
  /** A new e-mail address waiting for its mailed link (the account keeps the old one until then). */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  /** The current password, asked for while the e-mail address differs from the account's. */
  const current = useCurrentPassword();
  const emailChanged = !sameEmail(values.ausr_email, initial.ausr_email);
  const save = (e: FormEvent) => {
    e.preventDefault();
    const { errors, notice } = validateUserForm(form.getValues(), policy, false);
    form.setErrors(errors);
    const missing = emailChanged && !current.check();
    if (notice) return notifyError(USER_MSG.saveTitle, notice);
    if (missing || Object.keys(errors).length) return;
    post.mutate(
      {
        ...toUserPost(form.getValues()),
        ...(emailChanged ? { ausr_current_password: current.value } : {}),
        state: 'current',
        accounts: [],
        circuits: [],
        reports: [],
      },
      {
        onSuccess: (r) => {
          notifySuccess(r.message, USER_MSG.saveTitle);
          setPendingEmail(r.emailPending ?? null);
          current.reset();
          if (r.emailPending) form.setFieldValue('ausr_email', initial.ausr_email);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) {
            form.setErrors(error.fields);
            if (error.fields.ausr_current_password) current.setError(error.fields.ausr_current_password);
          }
          notifyApiError(USER_MSG.saveTitle, error);
        },
      },
    );
  };
  const custId = values.ausr_cust_id ? Number(values.ausr_cust_id) : null;

  // The spec's order (Account, Personal, Change Password, Address, Communications) in the page
  // and in the Tab order: the details are two forms around Change Password's own, both saved by
  // the one Save (one form state); Address Details only shows the account's address.
  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <form onSubmit={save} noValidate>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Section title="Account Details">
                <Stack gap="sm">
                  <TextInput label="Username" value={values.ausr_logon} readOnly />
                  <Select
                    label="Default account"
                    data={accounts.map((a) => ({
                      value: String(a.cust_id),
                      label: `${a.cust_acc_code} ${a.cust_name}`,
                    }))}
                    readOnly={!editable}
                    allowDeselect={false}
                    key={form.key('ausr_cust_id')}
                    {...form.getInputProps('ausr_cust_id')}
                  />
                </Stack>
              </Section>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <NamesSection form={form} title="Personal Details" readOnly={!editable} />
            </Grid.Col>
          </Grid>
          {/* Enter in these fields saves, as in the fields below Change Password (a form of several
              fields submits on Enter only when it has a submit button); Save itself is below. */}
          {editable && (
            <button type="submit" hidden tabIndex={-1} aria-hidden>
              Save
            </button>
          )}
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Section title="Change Password">
          {editable ? (
            <ChangePassword session={session} />
          ) : (
            <Text size="sm" c="dimmed">
              {MSG.notAuthorized}
            </Text>
          )}
        </Section>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Section title="Address Details">
          <AddressDetails session={session} custId={custId} />
        </Section>
      </Grid.Col>
      <Grid.Col span={12}>
        <form onSubmit={save} noValidate>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="sm">
                <CommunicationsSection form={form} readOnly={!editable} />
                {editable && emailChanged && (
                  // The address reset links and codes go to: moved only by who knows the password.
                  <CurrentPasswordInput {...current.field} />
                )}
                {pendingEmail && (
                  <Alert color="blue" title={`Confirm ${pendingEmail}`} role="status">
                    {USER_MSG.emailPending}
                  </Alert>
                )}
              </Stack>
            </Grid.Col>
            {editable && (
              <Grid.Col span={12}>
                <Group justify="flex-end">
                  <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={post.isPending}>
                    Save
                  </Button>
                </Group>
              </Grid.Col>
            )}
          </Grid>
        </form>
      </Grid.Col>
    </Grid>
  );
}
