import { Table, TextInput } from '@mantine/core';
import { settingsProblems } from '@courier/contracts';
import type { SettingValues } from '../api/settings';

const DAYS = [
  ['mon', 'Monday'],
  ['tue', 'Tuesday'],
  ['wed', 'Wednesday'],
  ['thu', 'Thursday'],
  ['fri', 'Friday'],
  ['sat', 'Saturday'],
  ['sun', 'Sunday'],
] as const;

interface HoursTableProps {
  values: SettingValues;
  onChange: (values: SettingValues) => void;
}

/**
 * Hours of operation per weekday (spec "access…" §3 hoo: hoo_{day}_start and _end, HH:mm; both empty
 * is a closed day), checked as typed with the server's own rules.
 */
export function HoursTable({ values, onChange }: HoursTableProps) {
  const problems = settingsProblems('hoo', values);
  const field = (day: string, end: 'start' | 'end', name: string) => {
    const key = `hoo_${day}_${end}`;
    return (
      <TextInput
        aria-label={`${name} ${end === 'start' ? 'opens' : 'closes'}`}
        placeholder="closed"
        value={values[key] ?? ''}
        onChange={(e) => onChange({ ...values, [key]: e.currentTarget.value.trim() })}
        error={problems[`values.${key}`]}
        maxLength={5}
        // Narrower on a phone: with 'Wednesday' beside them, 120 px each widened the page to 413 px.
        w={{ base: 84, sm: 120 }}
      />
    );
  };
  return (
    <Table withTableBorder layout="auto" aria-label="Hours of operation">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Day</Table.Th>
          <Table.Th>Opens</Table.Th>
          <Table.Th>Closes</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {DAYS.map(([day, name]) => (
          <Table.Tr key={day}>
            <Table.Td>{name}</Table.Td>
            <Table.Td>{field(day, 'start', name)}</Table.Td>
            <Table.Td>{field(day, 'end', name)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
