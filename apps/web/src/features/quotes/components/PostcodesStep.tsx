import type { KeyboardEvent } from 'react';
import { Grid, TextInput } from '@mantine/core';
import { QUOTE_LIMITS } from '@courier/contracts';
import { Section } from '../../../components/Section';
import type { PostcodeValues } from '../quote-wizard';

/** Digits only, cut to `max` characters (spec "bookings…" §5 numeric inputs). */
const digits = (v: string, max: number) => v.replace(/\D/g, '').slice(0, max);

interface PostcodesStepProps {
  values: PostcodeValues;
  errors: Partial<Record<keyof PostcodeValues, string>>;
  onChange: (values: PostcodeValues) => void;
  /** Enter in a field: the page's Next. */
  onSubmit: () => void;
}

/** Page 1, Post codes (spec "bookings…" §2): where from, where to, and the parcels to price. */
export function PostcodesStep({ values, errors, onChange, onSubmit }: PostcodesStepProps) {
  const input = (key: keyof PostcodeValues) => ({
    value: values[key],
    error: errors[key],
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter') onSubmit();
    },
  });
  return (
    <Section title="Where and what">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Collection post code"
            required
            autoComplete="off"
            maxLength={QUOTE_LIMITS.postcode}
            {...input('collect')}
            onChange={(e) => onChange({ ...values, collect: e.currentTarget.value.toUpperCase() })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Delivery post code"
            required
            autoComplete="off"
            maxLength={QUOTE_LIMITS.postcode}
            {...input('deliver')}
            onChange={(e) => onChange({ ...values, deliver: e.currentTarget.value.toUpperCase() })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Parcels"
            inputMode="numeric"
            {...input('quantity')}
            onChange={(e) => onChange({ ...values, quantity: digits(e.currentTarget.value, 3) })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Total weight (kg)"
            inputMode="numeric"
            {...input('weight')}
            onChange={(e) => onChange({ ...values, weight: digits(e.currentTarget.value, 5) })}
          />
        </Grid.Col>
      </Grid>
    </Section>
  );
}
