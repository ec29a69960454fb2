import { useState } from 'react';
import { Button, Select, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { MSG } from '@courier/contracts';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageTitle } from '../../../components/PageTitle';
import { Section } from '../../../components/Section';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../auth';
import { HoursTable } from '../components/HoursTable';
import { KeyValueTable } from '../components/KeyValueTable';
import { useAccountSettings, useSettingsDraft } from '../use-settings-draft';

/** The Customer tab: an account's own settings (its overrides of the tenant's customer group). */
function CustomerTab({ draft }: { draft: ReturnType<typeof useSettingsDraft> }) {
  const session = useSignedIn();
  const [custId, setCustId] = useState<number | null>(session.accounts[0]?.cust_id ?? null);
  const own = useAccountSettings(custId);
  return (
    <Stack gap="md">
      <Select
        label="Account"
        w={360}
        data={session.accounts.map((a) => ({
          value: String(a.cust_id),
          label: `${a.cust_acc_code} - ${a.cust_name}`,
        }))}
        value={custId === null ? null : String(custId)}
        onChange={(v) => setCustId(v ? Number(v) : null)}
        allowDeselect={false}
      />
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
  );
}

/**
 * /system (admin right; spec "bookings…" §2 System settings, "access…" §3 settings groups): tabs
 * General (the general group, hours of operation, security and payments), Defaults, Customer (each
 * account's own settings), Mandatory and Message, each group a key-value table with its modal. Save
 * posts default, general, mandatory and message, every other group changed and customer for each
 * account changed; 'Settings saved'. A value that does not fit its type is named under its row.
 */
export default function SystemPage() {
  const draft = useSettingsDraft();
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
      (err: unknown) => notifyApiError('Save Settings', err),
    );
  return (
    <Stack gap="md">
      <PageTitle
        actions={
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            loading={draft.saving}
            onClick={() => void save()}
          >
            Save
          </Button>
        }
      >
        System Settings
      </PageTitle>
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
          </Tabs.Panel>
          <Tabs.Panel value="defaults">
            <Section title="Defaults">{table('default', 'Defaults')}</Section>
          </Tabs.Panel>
          <Tabs.Panel value="customer">
            <Section title="Customer">
              <CustomerTab draft={draft} />
            </Section>
          </Tabs.Panel>
          <Tabs.Panel value="mandatory">
            <Section title="Mandatory">{table('mandatory', 'Mandatory')}</Section>
          </Tabs.Panel>
          <Tabs.Panel value="message">
            <Section title="Message">{table('message', 'Message')}</Section>
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
