import { useRef, useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { settingProblem, SETTING_KEY_MESSAGE, SETTING_KEY_PATTERN } from '@courier/contracts';
import { hint } from '../../../components/HintTooltip';
import type { SettingValues } from '../api/settings';

interface KeyValueTableProps {
  /** The settings group, for the type of each value (settings-rules.ts). */
  group: string;
  /** What the table is, for the names of its buttons ('General', 'Message', …). */
  title: string;
  values: SettingValues;
  onChange: (values: SettingValues) => void;
  /** The server's complaints about this group's keys (from a refused save). */
  errors?: Record<string, string>;
}

interface Editing {
  /** The key being edited; undefined for a new entry. */
  original?: string;
  key: string;
  value: string;
}

/**
 * A settings group as a table of Key and Value, with Add, Edit and Delete (spec "bookings…" §2 System
 * settings: 'A key-value modal edits entries'). The modal checks the key's pattern and the value's
 * type as the administrator types; nothing is saved until the screen's Save (so Delete asks nothing:
 * leaving without Save keeps the row).
 */
export function KeyValueTable({ group, title, values, onChange, errors = {} }: KeyValueTableProps) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const keys = Object.keys(values).sort((a, b) => a.localeCompare(b));
  const keyProblem =
    editing &&
    (!SETTING_KEY_PATTERN.test(editing.key)
      ? SETTING_KEY_MESSAGE
      : editing.key !== editing.original && editing.key in values
        ? 'This key already exists'
        : null);
  // The value's own rule, once there is a key to read it by (the key's problem shows under Key).
  const valueProblem = editing && !keyProblem ? settingProblem(group, editing.key, editing.value) : null;
  const apply = () => {
    if (!editing || keyProblem || valueProblem) return;
    const next = { ...values };
    if (editing.original !== undefined) delete next[editing.original];
    next[editing.key] = editing.value;
    onChange(next);
    setEditing(null);
  };
  // A deleted row takes its Delete button with it: focus moves to the next row's (the one before
  // for the last row), or to Add when none is left, never to the page.
  const box = useRef<HTMLDivElement>(null);
  const remove = (key: string) => {
    const next = { ...values };
    delete next[key];
    onChange(next);
    const at = keys.indexOf(key);
    const neighbour = keys[at + 1] ?? keys[at - 1];
    requestAnimationFrame(() => {
      const buttons = [...(box.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
      const target = neighbour
        ? buttons.find((b) => b.getAttribute('aria-label') === `Delete ${neighbour}`)
        : buttons.find((b) => b.textContent === `Add ${title} setting`);
      target?.focus();
    });
  };
  return (
    <Stack gap="sm" ref={box}>
      <Table striped withTableBorder layout="fixed" aria-label={`${title} settings`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="45%">Key</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th w={96}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{key}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {values[key] || (
                  <Text span size="sm" c="dimmed">
                    (empty)
                  </Text>
                )}
                {errors[`values.${key}`] && (
                  <Text size="xs" c="red.8">
                    {errors[`values.${key}`]}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit ${key}`}
                    {...hint('Edit')}
                    onClick={() => setEditing({ original: key, key, value: values[key] ?? '' })}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${key}`}
                    {...hint('Delete')}
                    onClick={() => remove(key)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing({ key: '', value: '' })}
        >
          {`Add ${title} setting`}
        </Button>
      </Group>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.original === undefined ? `New ${title} setting` : `Edit ${editing.original}`}
      >
        {editing && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              apply();
            }}
          >
            <Stack gap="md">
              <TextInput
                label="Key"
                value={editing.key}
                onChange={(e) => setEditing({ ...editing, key: e.currentTarget.value })}
                error={editing.key && keyProblem}
                data-autofocus={editing.original === undefined || undefined}
                required
              />
              <Textarea
                label="Value"
                value={editing.value}
                onChange={(e) => setEditing({ ...editing, value: e.currentTarget.value })}
                error={valueProblem}
                autosize
                minRows={1}
                maxRows={6}
                data-autofocus={editing.original !== undefined || undefined}
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={!!keyProblem || !!valueProblem}>
                  OK
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  );
}
