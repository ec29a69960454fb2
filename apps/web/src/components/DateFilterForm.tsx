import { useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';
import { CALENDAR_LABELS, DATE_FORMAT, pickerToUkDate, ukDateToPicker } from '../lib/uk-day';

/** A range of UK days, DD/MM/YYYY, both included. */
export interface DateRange {
  dateStart: string;
  dateEnd: string;
}

export interface DateFilterModalProps {
  opened: boolean;
  /** The dates to start from (the current filter, or two days ago through today). */
  initial: DateRange;
  onApply: (dates: DateRange) => void;
  onClose: () => void;
}

/**
 * The 'Filter' modal itself (components/DateFilterModal): its two date pickers, with the date
 * library and its styles, in a file of its own that loads when the modal first opens.
 */
export default function DateFilterForm({ opened, initial, onApply, onClose }: DateFilterModalProps) {
  const [start, setStart] = useState<string | null>(ukDateToPicker(initial.dateStart));
  const [end, setEnd] = useState<string | null>(ukDateToPicker(initial.dateEnd));
  const endBeforeStart = !!start && !!end && end < start;
  const apply = () => {
    if (!start || !end || endBeforeStart) return;
    onApply({ dateStart: pickerToUkDate(start), dateEnd: pickerToUkDate(end) });
  };
  const picker = {
    valueFormat: DATE_FORMAT,
    leftSection: <IconCalendar size={16} />,
    withAsterisk: true,
    ariaLabels: CALENDAR_LABELS,
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Filter" styles={{ title: { fontWeight: 700 } }}>
      <Stack gap="md">
        <DatePickerInput
          label="Start date"
          name="dateStart"
          value={start}
          onChange={setStart}
          error={!start ? 'Start date is required' : undefined}
          {...picker}
        />
        <DatePickerInput
          label="End date"
          name="dateEnd"
          value={end}
          onChange={setEnd}
          minDate={start ?? undefined}
          error={
            !end ? 'End date is required' : endBeforeStart ? 'End date is before the start date' : undefined
          }
          {...picker}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={apply} disabled={!start || !end || endBeforeStart}>
            Apply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
