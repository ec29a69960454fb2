import { useState, type ReactNode } from 'react';
import { Alert, Button, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { Select } from '../../../components/Select';
import { useQuery } from '@tanstack/react-query';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { MSG } from '@courier/contracts';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageTitle } from '../../../components/PageTitle';
import { Section } from '../../../components/Section';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../auth';
import { customerDetailQuery, referenceListsQuery } from '../../customers';
import { AccountFieldsForm } from '../components/AccountFieldsForm';
import { HoursTable } from '../components/HoursTable';
import { KeyValueTable } from '../components/KeyValueTable';
import { refusedSetting, useAccountSettings, useSettingsDraft } from '../use-settings-draft';

type Draft = ReturnType<typeof useSettingsDraft>;

/** Shown above the tabs to an administrator without the System settings right. */
export const READ_ONLY_SETTINGS =
  'You can read these settings. Changing them needs the System settings right.';

/**
 * The settings' controls, disabled together (a native disabled fieldset: no edit, add, remove or
 * field takes input or focus) when the user may only read them.
 */
function Editable({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}

/** The chosen account's fields and ref-5 list (customer/list {cust_id}, customer/reference/lists). */
function AccountFields({ draft, custId }: { draft: Draft; custId: number }) {
  const detail = useQuery(customerDetailQuery(custId));
  const refs = useQuery(referenceListsQuery(custId));
  const fields = draft.fieldsOf(custId, detail.data);
  const list = draft.listOf(
    custId,
    refs.data?.filter((r) => r.cref_ref_type === 5).map((r) => r.cref_description),
  );
  if (!fields || !list) return <LoadingBlock error={detail.error ?? refs.error} />;
  return (
    <AccountFieldsForm
      fields={fields}
      onChange={(values) => draft.changeFields(custId, values)}
      list={list}
      onListChange={(values) => draft.changeList(custId, values)}
      errors={draft.errors[`account:${custId}`]}
      listErrors={draft.errors[`references:${custId}`]}
    />
  );
}

/**
 * The Customer tab: the chosen account's fields (references, payment, tariff, service, pod, delay,
 * tracking lists) and its own settings (its overrides of the tenant's customer group).
 */
function CustomerTab({ draft, readOnly }: { draft: Draft; readOnly: boolean }) {
  const session = useSignedIn();
  const [custId, setCustId] = useState<number | null>(session.accounts[0]?.cust_id ?? null);
  const own = useAccountSettings(custId);
  return (
    <Stack gap="md">
      <Select
        label="Account"
        w={{ base: '100%', sm: 360 }}
        data={session.accounts.map((a) => ({
          value: String(a.cust_id),
          label: `${a.cust_acc_code} - ${a.cust_name}`,
        }))}
        value={custId === null ? null : String(custId)}
        onChange={(v) => setCustId(v ? Number(v) : null)}
        allowDeselect={false}
      />
      <Editable readOnly={readOnly}>
        <Stack gap="md">
          {custId !== null && <AccountFields key={custId} draft={draft} custId={custId} />}
          {custId !== null && (
            <Title order={3} fz="md">
              Account settings
            </Title>
          )}
          {custId === null ? (
            <Text c="dimmed">No account is linked to your user.</Text>
          ) : own.data === undefined ? (
            <LoadingBlock error={own.error} />
          ) : (
            <KeyValueTable
              group="customer"
              title="Customer"
              values={draft.accountValues(custId, own.data)}
              onChange={(values) => draft.changeAccount(custId, values)}
              errors={draft.errors[`customer:${custId}`]}
            />
          )}
        </Stack>
      </Editable>
    </Stack>
  );
}

/**
 * 'Save Settings' with the server's reason; a refused setting is named (refusedSetting), as its
 * row, where the reason also shows, may be on a tab not open.
 */
function saveFailed(err: unknown): void {
  const refused = refusedSetting(err);
  if (refused) notifyError('Save Settings', refused);
  else notifyApiError('Save Settings', err);
}

/**
 * /system (admin right; spec "bookings…" §2 System settings, "access…" §3 settings groups): tabs
 * General (the general group, hours of operation, security and payments), Defaults, Customer (each
 * account's fields and ref-5 list, and its own settings), Mandatory and Message, each group a key-value table with its modal. Save
 * posts default, general, mandatory and message, every other group changed, and customer, customer/post
 * and customer/reference/post for each account changed; 'Settings saved'. A value that does not fit its type is named under its row.
 * An administrator without the System settings right (ausr_rights_system, which the server's saves
 * require) reads the same tabs with every control disabled and no Save.
 */
export default function SystemPage() {
  const draft = useSettingsDraft();
  const readOnly = useSignedIn().user.ausr_rights_system !== 'T';
  const table = (group: Parameters<typeof draft.valuesOf>[0], title: string) => (
    <KeyValueTable
      group={group}
      title={title}
      values={draft.valuesOf(group)}
      onChange={(values) => draft.change(group, values)}
      errors={draft.errors[group]}
    />
  );
  const save = () =>
    draft.save().then(
      (saved) => saved && notifySuccess(MSG.settingsSaved),
      (err: unknown) => saveFailed(err),
    );
  return (
    <Stack gap="md">
      <PageTitle
        actions={
          readOnly ? undefined : (
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              loading={draft.saving}
              onClick={() => void save()}
            >
              Save
            </Button>
          )
        }
      >
        System Settings
      </PageTitle>
      {readOnly && (
        <Alert color="gray" variant="light">
          {READ_ONLY_SETTINGS}
        </Alert>
      )}
      {draft.loading || draft.error ? (
        <LoadingBlock error={draft.error} />
      ) : (
        <Tabs defaultValue="general" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="general">General</Tabs.Tab>
            <Tabs.Tab value="defaults">Defaults</Tabs.Tab>
            <Tabs.Tab value="customer">Customer</Tabs.Tab>
            <Tabs.Tab value="mandatory">Mandatory</Tabs.Tab>
            <Tabs.Tab value="message">Message</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="general">
            <Editable readOnly={readOnly}>
              <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
                <Section title="General">{table('general', 'General')}</Section>
                <Section title="Hours of operation">
                  <HoursTable
                    values={draft.valuesOf('hoo')}
                    onChange={(values) => draft.change('hoo', values)}
                  />
                </Section>
                <Section title="Security">{table('config', 'Security')}</Section>
                <Section title="Payments">{table('payment', 'Payments')}</Section>
              </SimpleGrid>
            </Editable>
          </Tabs.Panel>
          <Tabs.Panel value="defaults">
            <Editable readOnly={readOnly}>
              <Section title="Defaults">{table('default', 'Defaults')}</Section>
            </Editable>
          </Tabs.Panel>
          <Tabs.Panel value="customer">
            <Section title="Customer">
              <CustomerTab draft={draft} readOnly={readOnly} />
            </Section>
          </Tabs.Panel>
          <Tabs.Panel value="mandatory">
            <Editable readOnly={readOnly}>
              <Section title="Mandatory">{table('mandatory', 'Mandatory')}</Section>
            </Editable>
          </Tabs.Panel>
          <Tabs.Panel value="message">
            <Editable readOnly={readOnly}>
              <Section title="Message">{table('message', 'Message')}</Section>
            </Editable>
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
