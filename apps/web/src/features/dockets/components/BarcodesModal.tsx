import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useOpenedOnce } from '../../../hooks/use-opened-once';

/** Length of a barcode (the API's dab_barcode). */
const BARCODE_MAX = 40;

interface BarcodesModalProps {
  opened: boolean;
  /** 'Address N', to say whose barcodes these are. */
  addressTitle: string;
  barcodes: string[];
  readOnly: boolean;
  onChange: (barcodes: string[]) => void;
  onClose: () => void;
}

/**
 * 'Address Barcodes' (spec "bookings…" §2 modals): an address's barcodes; pressing Enter in the
 * Barcode box adds one.
 */
export function BarcodesModal(props: BarcodesModalProps) {
  return useOpenedOnce(props.opened) ? <Barcodes {...props} /> : null;
}

/** The barcodes modal itself, drawn from its first opening on. */
function Barcodes({ opened, addressTitle, barcodes, readOnly, onChange, onClose }: BarcodesModalProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const value = code.trim();
    if (!value) return;
    if (barcodes.includes(value)) {
      setError('This barcode is already on the address');
      return;
    }
    onChange([...barcodes, value]);
    setCode('');
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Address Barcodes" styles={{ title: { fontWeight: 700 } }}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {addressTitle}
        </Text>
        {!readOnly && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Barcode"
              description="Press Enter to add it"
              value={code}
              maxLength={BARCODE_MAX}
              error={error}
              data-autofocus
              style={{ flex: 1 }}
              onChange={(e) => {
                setCode(e.currentTarget.value);
                setError(null);
              }}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                add();
              }}
            />
            <Button variant="default" leftSection={<IconPlus size={16} />} onClick={add}>
              Add
            </Button>
          </Group>
        )}
        {barcodes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No barcodes yet.
          </Text>
        ) : (
          <Group gap="xs" aria-label="Barcodes">
            {barcodes.map((b) => (
              <Badge
                key={b}
                size="lg"
                variant="light"
                tt="none"
                ff="monospace"
                rightSection={
                  !readOnly && (
                    <ActionIcon
                      size="xs"
                      variant="transparent"
                      aria-label={`Remove barcode ${b}`}
                      onClick={() => onChange(barcodes.filter((x) => x !== b))}
                    >
                      <IconX size={12} />
                    </ActionIcon>
                  )
                }
              >
                {b}
              </Badge>
            ))}
          </Group>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
