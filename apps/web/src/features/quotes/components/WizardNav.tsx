import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';

interface WizardNavProps {
  /** Back (spec "bookings…" §4: moves one page); none on the first page. */
  onBack?: () => void;
  /** Next, or the page's own action in its place (Confirm). */
  onNext?: () => void;
  nextLabel?: string;
  nextDisabled?: boolean;
  busy?: boolean;
  children?: ReactNode;
}

/** The wizard's Back and Next (or the page's action), at the foot of each page. */
export function WizardNav({
  onBack,
  onNext,
  nextLabel = 'Next',
  nextDisabled,
  busy,
  children,
}: WizardNavProps) {
  return (
    <Group justify="space-between" mt="lg">
      {onBack ? (
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack} disabled={busy}>
          Back
        </Button>
      ) : (
        <span />
      )}
      <Group gap="sm">
        {children}
        {onNext && (
          <Button
            rightSection={<IconArrowRight size={16} />}
            onClick={onNext}
            loading={busy}
            disabled={nextDisabled}
          >
            {nextLabel}
          </Button>
        )}
      </Group>
    </Group>
  );
}
