import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { Button, Group, Modal, Stack, Switch, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { Select } from '../../../components/Select';
import type { DriverInput, DriverRow } from '@courier/contracts';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { ApiError } from '../../../lib/api-client';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { tariffTypeListQuery } from '../../customers';
import { allDriversQuery } from '../api/driver-list';
import { useDriverPost } from '../api/driver-post';

/** The form's values: the driver's fields and a new PIN ('' keeps the current one). */
interface DriverValues {
  drv_driver: string;
  drv_name: string;
  drv_mobile: string;
  drv_tariff: string;
  drv_active: boolean;
  drv_pin: string;
}

const valuesOf = (d: DriverRow | null): DriverValues => ({
  drv_driver: d?.drv_driver ?? '',
  drv_name: d?.drv_name ?? '',
  drv_mobile: d?.drv_mobile ?? '',
  drv_tariff: String(d?.drv_tariff ?? 4),
  drv_active: (d?.drv_active ?? 'T') === 'T',
  drv_pin: '',
});

/** The PIN rule as the form checks it before sending (the server checks it again). */
const pinProblem = (pin: string) =>
  pin === '' || /^[0-9]{6,12}$/.test(pin) ? undefined : 'Use 6 to 12 digits';

/**
 * One driver's form: code (fixed once saved), name, mobile, vehicle, active, and the driver page's
 * PIN, 6 to 12 digits, never shown back: empty keeps the current PIN. Field errors from the server
 * show under their fields. It opens with focus in its first field it can change (the window stays
 * open from the list, so Mantine's focus on opening does not run again).
 */
function DriverForm({ driver, onDone }: { driver: DriverRow | null; onDone: () => void }) {
  const [values, setValues] = useState(() => valuesOf(driver));
  const [fields, setFields] = useState<Record<string, string>>({});
  const tariffs = useQuery(tariffTypeListQuery);
  const save = useDriverPost();
  const set = <K extends keyof DriverValues>(key: K, value: DriverValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const pinError = pinProblem(values.drv_pin);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus(), []);
  const submit = () => {
    if (pinError) return;
    const body: DriverInput = {
      drv_driver: values.drv_driver,
      drv_name: values.drv_name,
      drv_mobile: values.drv_mobile,
      drv_tariff: Number(values.drv_tariff),
      drv_active: values.drv_active ? 'T' : 'F',
      ...(values.drv_pin ? { drv_pin: values.drv_pin } : {}),
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(`Driver ${saved.drv_driver} saved`);
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setFields(error.fields);
        notifyApiError('Save Data', error);
      },
    });
  };
  return (
    <form
      ref={form}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Driver code"
          value={values.drv_driver}
          onChange={(e) => set('drv_driver', e.currentTarget.value)}
          disabled={driver !== null}
          maxLength={10}
          withAsterisk
          error={fields.drv_driver}
        />
        <TextInput
          label="Name"
          value={values.drv_name}
          onChange={(e) => set('drv_name', e.currentTarget.value)}
          maxLength={50}
          withAsterisk
          error={fields.drv_name}
        />
        <TextInput
          label="Mobile"
          value={values.drv_mobile}
          onChange={(e) => set('drv_mobile', e.currentTarget.value)}
          maxLength={20}
          error={fields.drv_mobile}
        />
        <Select
          label="Vehicle"
          data={(tariffs.data ?? []).map((t) => ({
            value: String(t.ttyp_tariff),
            label: t.ttyp_description,
          }))}
          value={values.drv_tariff}
          onChange={(v) => v && set('drv_tariff', v)}
          allowDeselect={false}
          error={fields.drv_tariff}
        />
        <Switch
          label="Active"
          checked={values.drv_active}
          onChange={(e) => set('drv_active', e.currentTarget.checked)}
        />
        {/* A masked TextInput, not PasswordInput: the PIN is never shown, not even on request. */}
        <TextInput
          type="password"
          label="PIN"
          description={
            driver?.drv_pin_set === 'T'
              ? 'A PIN is set. Enter 6 to 12 digits to set a new one, or leave it empty to keep it.'
              : 'Enter 6 to 12 digits for the driver page.'
          }
          value={values.drv_pin}
          onChange={(e) => set('drv_pin', e.currentTarget.value.replace(/\D/g, '').slice(0, 12))}
          inputMode="numeric"
          autoComplete="new-password"
          error={pinError ?? fields.drv_pin}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!!pinError}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Narrower than this (a phone), the list reads as three columns instead of six. */
const PHONE = '(max-width: 36em)';

/**
 * The drivers as a table: Code, Name, Vehicle, Active, PIN and Edit; on a phone Driver (code and
 * name over the vehicle), Status (active over the PIN) and Edit, so that nothing needs a sideways
 * scroll at 390 px.
 */
function DriverTable({ drivers, onEdit }: { drivers: DriverRow[]; onEdit: (d: DriverRow) => void }) {
  const phone = useMediaQuery(PHONE) ?? false;
  const headings = phone ? ['Driver', 'Status'] : ['Code', 'Name', 'Vehicle', 'Active', 'PIN'];
  const active = (d: DriverRow) => (d.drv_active === 'T' ? 'Yes' : 'No');
  const pin = (d: DriverRow) => (d.drv_pin_set === 'T' ? 'Set' : 'Not set');
  const cells = (d: DriverRow) =>
    phone
      ? [
          <>
            <Text size="sm" fw={600}>{`${d.drv_driver} ${d.drv_name}`}</Text>
            <Text size="xs" c="dimmed">
              {d.ttyp_description}
            </Text>
          </>,
          <>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{`Active: ${active(d)}`}</Text>
            <Text size="xs" c="dimmed">{`PIN: ${pin(d)}`}</Text>
          </>,
        ]
      : [d.drv_driver, d.drv_name, d.ttyp_description, active(d), pin(d)];
  return (
    <Table.ScrollContainer minWidth={phone ? 0 : 520}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            {headings.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drivers.map((d) => (
            <Table.Tr key={d.drv_driver}>
              {cells(d).map((cell, i) => (
                <Table.Td key={headings[i]}>{cell}</Table.Td>
              ))}
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Edit driver ${d.drv_driver}`}
                  onClick={() => onEdit(d)}
                >
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * 'Drivers' (issue 10 §2, beyond the spec): every driver with vehicle, active flag and whether a
 * PIN is set; 'New driver' and each row's Edit open the driver's form (driver/post). From the form,
 * Escape and × go back to the list as Cancel does, focus on the button that opened the form.
 */
export function DriversModal({ onClose }: { onClose: () => void }) {
  const drivers = useQuery(allDriversQuery);
  const [editing, setEditing] = useState<DriverRow | 'new' | null>(null);
  const backToList = () => {
    const opener = editing === 'new' ? 'New driver' : editing ? `Edit driver ${editing.drv_driver}` : null;
    setEditing(null);
    requestAnimationFrame(() => {
      const button = [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find(
        (b) => (b.getAttribute('aria-label') ?? b.textContent) === opener,
      );
      button?.focus();
    });
  };
  return (
    <Modal
      opened
      onClose={editing !== null ? backToList : onClose}
      size="lg"
      title={editing === null ? 'Drivers' : editing === 'new' ? 'New driver' : `Driver ${editing.drv_driver}`}
      styles={{ title: { fontWeight: 700 } }}
    >
      {editing !== null ? (
        <DriverForm driver={editing === 'new' ? null : editing} onDone={backToList} />
      ) : !drivers.data ? (
        <LoadingBlock error={drivers.error} />
      ) : (
        <Stack gap="sm">
          <Group justify="flex-end">
            <Button onClick={() => setEditing('new')}>New driver</Button>
          </Group>
          {drivers.data.length === 0 ? (
            <Text c="dimmed">No drivers yet.</Text>
          ) : (
            <DriverTable drivers={drivers.data} onEdit={setEditing} />
          )}
        </Stack>
      )}
    </Modal>
  );
}
