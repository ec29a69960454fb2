import type { ChangeEvent } from 'react';
import { Checkbox, Grid, Stack, TextInput } from '@mantine/core';
import { Section } from '../../../components/Section';
import type { ContactValues, TermsTicks } from '../quote-wizard';

interface ContactStepProps {
  values: ContactValues;
  ticks: TermsTicks;
  /** 'F': no terms checkboxes (spec "bookings…" §4). */
  termsSetting: 'T' | 'F';
  errors: Partial<Record<keyof ContactValues | keyof TermsTicks, string>>;
  onChange: (values: ContactValues) => void;
  onTicks: (ticks: TermsTicks) => void;
}

/** The three boxes and their labels. */
const BOXES: { key: keyof TermsTicks; label: string }[] = [
  { key: 'terms', label: 'I accept the Terms and Conditions' },
  { key: 'packaging', label: 'I have read the Packaging Guidelines' },
  { key: 'prohibited', label: 'My consignment contains no Prohibited Goods' },
];

/**
 * Page 3, Contact details (spec "bookings…" §2): who books, with the terms, packaging guidelines
 * and prohibited goods boxes, each with its alert while unticked (unless the setting is 'F').
 */
export function ContactStep({ values, ticks, termsSetting, errors, onChange, onTicks }: ContactStepProps) {
  const input = (key: keyof ContactValues, max: number) => ({
    value: values[key],
    error: errors[key],
    required: true,
    maxLength: max,
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ ...values, [key]: e.currentTarget.value }),
  });
  return (
    <Stack>
      <Section title="Your details">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Contact" autoComplete="name" {...input('dck_contact', 50)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Telephone" type="tel" autoComplete="tel" {...input('dck_telephone', 20)} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Email" type="email" autoComplete="email" {...input('dck_email', 200)} />
          </Grid.Col>
        </Grid>
      </Section>
      {termsSetting !== 'F' && (
        <Section title="Terms">
          <Stack gap="sm">
            {BOXES.map(({ key, label }) => (
              <Checkbox
                key={key}
                label={label}
                checked={ticks[key]}
                error={errors[key]}
                onChange={(e) => onTicks({ ...ticks, [key]: e.currentTarget.checked })}
              />
            ))}
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
