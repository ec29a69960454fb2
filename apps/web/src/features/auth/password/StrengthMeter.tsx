import { Group, Progress, Stack, Text } from '@mantine/core';
import type { PasswordStrength } from './use-password-strength';

/** Names and colours of the meter's levels 0–5. */
const LEVELS = [
  { label: 'Very weak', color: 'red' },
  { label: 'Weak', color: 'red' },
  { label: 'Fair', color: 'orange' },
  { label: 'Good', color: 'yellow' },
  { label: 'Strong', color: 'teal' },
  { label: 'Very strong', color: 'green' },
] as const;

/** The password strength meter: level = score / 20, whole part, of 5 (spec "access…" §5). */
export function StrengthMeter({ strength, empty }: { strength: PasswordStrength | null; empty: boolean }) {
  const level = empty || !strength ? 0 : strength.level;
  const { label, color } = LEVELS[level] ?? LEVELS[0];
  return (
    <Stack gap={4}>
      <Progress
        value={empty ? 0 : Math.max(4, level * 20)}
        color={color}
        size="sm"
        aria-label="Password strength"
        transitionDuration={150}
      />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          Password strength
        </Text>
        <Text size="xs" fw={600} c={empty ? 'dimmed' : color} data-testid="strength-label">
          {empty ? '–' : `${label} (${level}/5)`}
        </Text>
      </Group>
    </Stack>
  );
}
