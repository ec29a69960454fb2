import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Select } from '../../../components/Select';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { CONTROL_MSG, type DocketStatusRow } from '@courier/contracts';
import { notifyApiError, notifyWarning } from '../../../lib/notify';
import { driverListQuery } from '../api/driver-list';
import { exceptionListQuery } from '../api/exception-list';
import { useStatusChange, type ChangeResult } from '../api/status-change';
import {
  changeErrors,
  choicesFor,
  EMPTY_CHANGE,
  needFor,
  type ChangeTarget,
  type ChangeValues,
} from '../status-rules';

/** Title of the warnings a status change returns (spec "access…" §4: shown as a warning). */
export const WARNING_TITLE = 'Warning';

interface ChangeStatusModalProps {
  /** The dockets to change: one clicked row, or the rows selected on the board. */
  targets: readonly ChangeTarget[];
  statuses: readonly DocketStatusRow[];
  onClose: () => void;
}

/** The drivers for the picker: searchable by name, code or vehicle. */
function useDriverOptions(enabled: boolean) {
  const drivers = useQuery({ ...driverListQuery, enabled });
  if (drivers.error && enabled) notifyOnce(drivers.error);
  return {
    loading: drivers.isFetching,
    data: (drivers.data ?? []).map((d) => ({
      value: d.drv_driver,
      label: `${d.drv_name} (${d.drv_driver}), ${d.ttyp_description}`,
    })),
  };
}

/** 'Load Drivers' once per failed load, not on every render (spec "access…" §8). */
const told = new WeakSet<Error>();
function notifyOnce(error: Error) {
  if (told.has(error)) return;
  told.add(error);
  notifyApiError(CONTROL_MSG.loadDrivers, error);
}

/** One line of the results of a change to several dockets. */
function ResultLine({ result }: { result: ChangeResult }) {
  const icon = !result.ok ? (
    <IconX size={16} color="var(--mantine-color-red-8)" aria-hidden />
  ) : result.message ? (
    <IconAlertTriangle size={16} color="var(--mantine-color-yellow-9)" aria-hidden />
  ) : (
    <IconCheck size={16} color="var(--mantine-color-green-9)" aria-hidden />
  );
  return (
    <Group component="li" gap="xs" wrap="nowrap" align="flex-start">
      {icon}
      <Text size="sm">
        <Text span fw={600} size="sm">
          {result.docket}
        </Text>
        {`: ${result.ok ? 'Saved' : 'Not saved'}${result.message ? `. ${result.message}` : ''}`}
      </Text>
    </Group>
  );
}

/**
 * 'CHANGE DOCKET STATUS' (spec "access…" §4): only the statuses the docket may move to; a reason for
 * B and C, a driver (searchable, with the vehicle) for G and its Allocate action, signed-by for the
 * others. On failure it stays open with the error; on success the board refreshes and a returned
 * message shows as a warning. With several dockets, one status (or driver) for all, each checked by
 * the server, and one result per docket.
 */
export function ChangeStatusModal({ targets, statuses, onClose }: ChangeStatusModalProps) {
  const [values, setValues] = useState<ChangeValues>(EMPTY_CHANGE);
  const [errors, setErrors] = useState<Partial<Record<keyof ChangeValues, string>>>({});
  const [results, setResults] = useState<ChangeResult[] | null>(null);
  const change = useStatusChange();
  const choices = choicesFor(statuses, targets);
  const need = needFor(values.status);
  const drivers = useDriverOptions(need === 'driver');
  const reasons = useQuery({ ...exceptionListQuery, enabled: need === 'reason' });
  const single = targets.length === 1 ? targets[0] : undefined;
  const current = single && statuses.find((s) => s.dsts_id === single.dck_status);
  const failed = single && results?.[0] && !results[0].ok ? results[0].message : undefined;

  const set = (field: keyof ChangeValues) => (value: string | null) => {
    setValues((v) => ({ ...v, [field]: value ?? '' }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setResults(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = changeErrors(values, statuses);
    setErrors(found);
    if (Object.keys(found).length) return;
    change.mutate(
      { targets, values },
      {
        onSuccess: (done) => {
          const warnings = done.filter((r) => r.ok && r.message);
          if (single && done[0]?.ok) {
            if (done[0].message) notifyWarning(WARNING_TITLE, done[0].message);
            onClose();
          } else if (!single && done.every((r) => r.ok) && warnings.length === 0) onClose();
          else setResults(done);
        },
      },
    );
  };

  const described = (id: string) => statuses.find((s) => s.dsts_id === id)?.dsts_description ?? id;

  return (
    <Modal opened onClose={onClose} title={CONTROL_MSG.changeTitle} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {single ? (
            <Group gap="sm">
              <Text fw={600}>Docket {single.dck_docket}</Text>
              {current && (
                <Badge
                  radius="sm"
                  tt="none"
                  style={{ backgroundColor: current.dsts_color, color: current.dsts_font_color }}
                >
                  {current.dsts_description}
                </Badge>
              )}
            </Group>
          ) : (
            <Text>
              <Text span fw={600}>
                {targets.length} dockets:
              </Text>{' '}
              {targets.map((t) => t.dck_docket).join(', ')}
            </Text>
          )}
          {choices.length === 0 ? (
            <Alert color="gray" variant="light">
              {single
                ? `A docket that is '${described(single.dck_status)}' cannot be changed here.`
                : 'No status is allowed for all the selected dockets.'}
            </Alert>
          ) : (
            <Select
              label="Status"
              placeholder="Choose a status"
              data={choices.map((s) => ({ value: s.dsts_id, label: s.dsts_description }))}
              value={values.status || null}
              onChange={set('status')}
              error={errors.status}
              required
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-autofocus
            />
          )}
          {need === 'reason' && (
            <Select
              label="Reason"
              placeholder="Choose a reason"
              data={(reasons.data ?? []).map((r) => ({ value: r.exc_code, label: r.exc_description }))}
              value={values.exception || null}
              onChange={set('exception')}
              error={errors.exception ?? (reasons.error ? reasons.error.message : undefined)}
              required
              searchable
              nothingFoundMessage="No reason found"
            />
          )}
          {need === 'driver' && (
            <Select
              label="Driver"
              placeholder={drivers.loading ? 'Loading drivers…' : 'Search by name, code or vehicle'}
              data={drivers.data}
              value={values.driver || null}
              onChange={set('driver')}
              error={errors.driver}
              required
              searchable
              nothingFoundMessage="No driver found"
            />
          )}
          {need === 'signed_by' && (
            <TextInput
              label="Signed by"
              value={values.signed_by}
              onChange={(e) => set('signed_by')(e.currentTarget.value)}
              error={errors.signed_by}
              required
              maxLength={50}
              autoComplete="off"
            />
          )}
          {failed && (
            <Alert color="red" title="Save Data" icon={<IconAlertTriangle size={18} />} role="alert">
              {failed}
            </Alert>
          )}
          {!single && results && (
            <Stack component="ul" gap={4} aria-label="Results" m={0} p={0} style={{ listStyle: 'none' }}>
              {results.map((r) => (
                <ResultLine key={r.docket} result={r} />
              ))}
            </Stack>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {results && !single ? 'Close' : 'Cancel'}
            </Button>
            {choices.length > 0 && (
              <Button type="submit" loading={change.isPending}>
                {need === 'driver' ? 'Allocate' : 'Save'}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
