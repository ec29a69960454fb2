import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Grid, Group, NumberInput, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { Select } from '../../../components/Select';
import '@mantine/core/styles/NumberInput.css';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconArrowLeft, IconCopy, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import {
  HOLDER_GRANTED_RIGHTS,
  notYoursToGrant,
  USER_FLAGS,
  USER_MSG,
  USER_RIGHT_LABELS,
  type UserAccountRow,
  type UserFlag,
  type UserCircuitRow,
  type UserReportRow,
  type UserSession,
} from '@courier/contracts';
import { Section } from '../../../components/Section';
import { ApiError } from '../../../lib/api-client';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { PasswordFields, usePasswordPolicy } from '../../auth';
import { businessUnitsQuery, sitesQuery } from '../api/allocation';
import { useUserDelete, useUserPost } from '../api/user-post';
import { cloneValues, toUserPost, validateUserForm, type UserFormValues } from '../user-form';
import { USER_LIST_PATH, userDetailPath } from '../user-paths';
import { LinkedRows } from './LinkedRows';
import { CommunicationsSection, NamesSection, UserText } from './UserDetailSections';

type TabName = 'details' | 'options' | 'accounts' | 'circuits' | 'reports';

/** The tab that shows a field, so a refused save opens where the problem is. */
const TAB_OF: Record<string, TabName> = {
  accounts: 'accounts',
  circuits: 'circuits',
  reports: 'reports',
  ausr_rights_admin: 'options',
};
const TABS: { value: TabName; label: string }[] = [
  { value: 'details', label: 'Details' },
  { value: 'options', label: 'Options' },
  { value: 'accounts', label: 'Accounts' },
  { value: 'circuits', label: 'Circuits' },
  { value: 'reports', label: 'Reports' },
];
/** The tabs that show a field of `errors`. */
const tabsWithErrors = (errors: Record<string, unknown>): Set<TabName> =>
  new Set(Object.keys(errors).map((field) => TAB_OF[field] ?? 'details'));
/** The first tab, left to right, with a problem: a refused save opens there. */
const firstTabWithError = (errors: Record<string, unknown>): TabName =>
  TABS.find((t) => tabsWithErrors(errors).has(t.value))?.value ?? 'details';

interface UserAdminFormProps {
  session: UserSession;
  initial: UserFormValues;
}

/**
 * The user detail of an administrator (spec "bookings…" §2 User detail, §4, §5; states new and
 * existing): tabs Details (sections Details, Communications, Password, Allocation), Options (every
 * rights flag), Accounts, Circuits and Reports (each with its link modal); Save, Clone (a new user
 * without id, password, email and logon, after the confirm clone modal), Delete (confirm delete
 * modal; never one's own user) and Back. The save rules are checked here and again by the server.
 */
export function UserAdminForm({ session, initial }: UserAdminFormProps) {
  const navigate = useNavigate();
  const form = useForm<UserFormValues>({ initialValues: initial });
  const values = form.getValues();
  const [tab, setTab] = useState<TabName>('details');
  const policy = usePasswordPolicy(session.tenant.name);
  const sites = useQuery(sitesQuery);
  const units = useQuery(businessUnitsQuery);
  const post = useUserPost();
  const remove = useUserDelete();
  const id = values.ausr_id;
  const self = id === session.user.ausr_id;
  const mayGrant = (flag: UserFlag) =>
    !(HOLDER_GRANTED_RIGHTS as readonly UserFlag[]).includes(flag) || session.user[flag] === 'T';
  // A right the caller may not grant is fixed, except on a new user (a clone) that has it: the
  // server would refuse the save, so the box can still be cleared.
  const fixed = (flag: UserFlag) => !mayGrant(flag) && !(id === undefined && values[flag] === 'T');

  const save = () => {
    const { errors, notice } = validateUserForm(form.getValues(), policy);
    form.setErrors(errors);
    if (notice) {
      notifyError(USER_MSG.saveTitle, notice);
      setTab(firstTabWithError(errors));
      return;
    }
    post.mutate(toUserPost(form.getValues()), {
      onSuccess: (saved) => {
        notifySuccess(saved.message, USER_MSG.saveTitle);
        void navigate(userDetailPath('existing', saved.ausr_id), { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          form.setErrors(error.fields);
          setTab(firstTabWithError(error.fields));
        }
        notifyApiError(USER_MSG.saveTitle, error);
      },
    });
  };

  const clone = () =>
    modals.openConfirmModal({
      title: 'Clone user',
      children: 'Make a new user with these rights and links? The username, password and email are cleared.',
      labels: { confirm: 'Clone', cancel: 'Cancel' },
      cancelProps: { 'data-autofocus': true },
      onConfirm: () =>
        void navigate(userDetailPath('new'), { state: { clone: cloneValues(form.getValues()) } }),
    });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete user',
      children: `Delete the user ${values.ausr_logon}? Their bookings are kept.`,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      cancelProps: { 'data-autofocus': true },
      onConfirm: () =>
        remove.mutate(id!, {
          onSuccess: (r) => {
            notifySuccess(r.message, USER_MSG.saveTitle);
            void navigate(USER_LIST_PATH);
          },
          onError: (error) => notifyApiError(USER_MSG.saveTitle, error),
        }),
    });

  const siteId = values.ausr_site_id;
  const erred = tabsWithErrors(form.errors);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="md">
        <Tabs value={tab} onChange={(v) => setTab((v as TabName | null) ?? 'details')} keepMounted={false}>
          <Tabs.List>
            {TABS.map((t) => {
              // A tab with a problem says so, in words for assistive tech and a red mark for the eye.
              const flagged = erred.has(t.value);
              return (
                <Tabs.Tab
                  key={t.value}
                  value={t.value}
                  color={flagged ? 'red' : undefined}
                  rightSection={
                    flagged ? (
                      <IconAlertCircle size={14} color="var(--mantine-color-red-8)" aria-hidden />
                    ) : undefined
                  }
                  aria-label={flagged ? `${t.label} (has problems)` : undefined}
                >
                  {t.label}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>

          <Tabs.Panel value="details" pt="md">
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 6 }}>
                <NamesSection
                  form={form}
                  title="Details"
                  before={
                    <UserText
                      form={form}
                      field="ausr_logon"
                      label="Username"
                      required
                      autoComplete="off"
                      maxLength={100}
                    />
                  }
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <CommunicationsSection form={form} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Section title="Password">
                  <PasswordFields
                    label="Password"
                    password={values.ausr_password}
                    confirm={values.confirm}
                    onPassword={(v) => {
                      // Changing the password clears the confirmation (spec "bookings…" §5).
                      form.setValues({ ausr_password: v, confirm: '' });
                      form.clearFieldError('ausr_password');
                    }}
                    onConfirm={(v) => {
                      form.setFieldValue('confirm', v);
                      form.clearFieldError('confirm');
                    }}
                    passwordError={form.errors.ausr_password as string | undefined}
                    confirmError={form.errors.confirm as string | undefined}
                    policy={policy}
                    username={values.ausr_logon}
                    required={id === undefined}
                  />
                </Section>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Section title="Allocation">
                  <Stack gap="sm">
                    <Select
                      label="Default account"
                      placeholder="The first linked account"
                      data={values.accounts.map((a) => ({
                        value: String(a.cust_id),
                        label: `${a.cust_acc_code} ${a.cust_name}`,
                      }))}
                      clearable
                      key={form.key('ausr_cust_id')}
                      {...form.getInputProps('ausr_cust_id')}
                    />
                    <Select
                      label="Site"
                      data={(sites.data ?? []).map((s) => ({ value: String(s.site_id), label: s.site_name }))}
                      clearable
                      key={form.key('ausr_site_id')}
                      {...form.getInputProps('ausr_site_id')}
                    />
                    <Select
                      label="Business unit"
                      data={(units.data ?? [])
                        .filter((b) => !siteId || b.bu_site_id === null || String(b.bu_site_id) === siteId)
                        .map((b) => ({ value: String(b.bu_id), label: b.bu_name }))}
                      clearable
                      key={form.key('ausr_bu_id')}
                      {...form.getInputProps('ausr_bu_id')}
                    />
                  </Stack>
                </Section>
              </Grid.Col>
            </Grid>
          </Tabs.Panel>

          <Tabs.Panel value="options" pt="md">
            <Section title="Options">
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                {USER_FLAGS.map((flag) => (
                  <Checkbox
                    key={flag}
                    label={USER_RIGHT_LABELS[flag]}
                    checked={values[flag] === 'T'}
                    // An administrator cannot take their own admin right, nor give or take a right
                    // they do not hold among HOLDER_GRANTED_RIGHTS (the server refuses both too).
                    disabled={(self && flag === 'ausr_rights_admin') || fixed(flag)}
                    description={mayGrant(flag) ? undefined : notYoursToGrant(flag)}
                    error={form.errors[flag]}
                    onChange={(e) => form.setFieldValue(flag, e.currentTarget.checked ? 'T' : 'F')}
                  />
                ))}
              </SimpleGrid>
            </Section>
          </Tabs.Panel>

          <Tabs.Panel value="accounts" pt="md">
            <LinkedRows<UserAccountRow>
              noun="account"
              rows={values.accounts}
              onChange={(rows) => {
                form.setFieldValue('accounts', rows);
                form.clearFieldError('accounts');
              }}
              keyOf={(r) => r.cust_id}
              nameOf={(r) => r.cust_acc_code}
              columns={[
                { title: 'Account code', cell: (r) => r.cust_acc_code },
                { title: 'Account', cell: (r) => r.cust_name },
              ]}
              kind="accounts"
              ausrId={id}
              pickColumns={[
                { accessor: 'cust_acc_code', title: 'Account code' },
                { accessor: 'cust_name', title: 'Account' },
              ]}
              error={form.errors.accounts}
            />
          </Tabs.Panel>

          <Tabs.Panel value="circuits" pt="md">
            <LinkedRows<UserCircuitRow>
              noun="circuit"
              rows={values.circuits}
              onChange={(rows) => {
                form.setFieldValue('circuits', rows);
                form.clearFieldError('circuits');
              }}
              keyOf={(r) => r.cir_circ_code}
              nameOf={(r) => r.cir_name}
              columns={[
                { title: 'Code', cell: (r) => r.cir_circ_code },
                { title: 'Circuit', cell: (r) => r.cir_name },
                {
                  title: 'Update',
                  cell: (r, i) => (
                    <Checkbox
                      aria-label={`Update allowed on ${r.cir_name}`}
                      checked={r.acia_update === 'T'}
                      onChange={(e) =>
                        form.setFieldValue(`circuits.${i}.acia_update`, e.currentTarget.checked ? 'T' : 'F')
                      }
                    />
                  ),
                },
                {
                  title: 'Refresh (seconds)',
                  cell: (r, i) => (
                    <NumberInput
                      aria-label={`Refresh seconds of ${r.cir_name}`}
                      min={0}
                      max={86400}
                      allowDecimal={false}
                      w={96}
                      value={r.acia_refresh ?? ''}
                      onChange={(v) =>
                        form.setFieldValue(`circuits.${i}.acia_refresh`, typeof v === 'number' ? v : null)
                      }
                    />
                  ),
                },
              ]}
              kind="circuits"
              ausrId={id}
              pickColumns={[
                { accessor: 'cir_circ_code', title: 'Code' },
                { accessor: 'cir_name', title: 'Circuit' },
              ]}
              error={form.errors.circuits}
            />
          </Tabs.Panel>

          <Tabs.Panel value="reports" pt="md">
            <LinkedRows<UserReportRow>
              noun="report"
              rows={values.reports}
              onChange={(rows) => form.setFieldValue('reports', rows)}
              keyOf={(r) => r.rpt_id}
              nameOf={(r) => r.rpt_desc}
              columns={[{ title: 'Description', cell: (r) => r.rpt_desc }]}
              kind="reports"
              ausrId={id}
              pickColumns={[{ accessor: 'rpt_desc', title: 'Description' }]}
              error={form.errors.reports}
            />
          </Tabs.Panel>
        </Tabs>

        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => void navigate(USER_LIST_PATH)}
          >
            Back
          </Button>
          <Group gap="sm">
            {id !== undefined && (
              <Button variant="default" leftSection={<IconCopy size={16} />} onClick={clone}>
                Clone
              </Button>
            )}
            {id !== undefined && !self && (
              <Button
                variant="outline"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={confirmDelete}
                loading={remove.isPending}
              >
                Delete
              </Button>
            )}
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={post.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
