import { ActionIcon, Button, Grid, Stack } from '@mantine/core';
import { TextField } from '../../../components/TextField';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { hint } from '../../../components/HintTooltip';
import { Section } from '../../../components/Section';
import { emptyParcel } from '../booking-values';
import type { BookingFormApi, FieldBinder } from './field-binder';
import { NumericInput } from './NumericInput';

interface ParcelSectionProps {
  form: BookingFormApi;
  field: FieldBinder;
  readOnly: boolean;
  /** Removes row `index`; fewer than one parcel is refused with 'Parcels: …' (spec "bookings…" §5). */
  onRemove: (index: number) => void;
}

/** Binds a numeric input to a form path (the form holds the typed text). */
const numeric = (field: FieldBinder, path: string) => {
  const { onChange, value, ...rest } = field(path);
  return { ...rest, value: String(value ?? ''), onChange: (v: string) => onChange(v) };
};

/** 'Parcels' (spec "bookings…" §2): rows of quantity, weight of each piece and description; add and remove. */
export function ParcelSection({ form, field, readOnly, onRemove }: ParcelSectionProps) {
  const parcels = form.getValues().parcels;
  return (
    <Section
      title="Parcels"
      aside={
        !readOnly && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('parcels', emptyParcel())}
          >
            Add parcel
          </Button>
        )
      }
    >
      <Stack gap="sm">
        {parcels.map((p, i) => (
          <Grid key={p.key} gap="sm" align="flex-end" role="group" aria-label={`Parcel ${i + 1}`}>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <NumericInput
                label="Quantity"
                maxLength={3}
                {...numeric(field, `parcels.${i}.dpcl_quantity`)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <NumericInput
                label="Weight (kg)"
                maxLength={7}
                decimal
                {...numeric(field, `parcels.${i}.dpcl_weight`)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: readOnly ? 12 : 10, sm: readOnly ? 6 : 5 }}>
              <TextField label="Description" maxLength={50} {...field(`parcels.${i}.dpcl_description`)} />
            </Grid.Col>
            {!readOnly && (
              <Grid.Col span={{ base: 2, sm: 1 }}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={`Remove parcel ${i + 1}`}
                  {...hint('Remove parcel')}
                  onClick={() => onRemove(i)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Grid.Col>
            )}
          </Grid>
        ))}
      </Stack>
    </Section>
  );
}
