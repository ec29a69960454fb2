import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../../test/render';
import { ConfirmStep } from './StepPanel';

describe('ConfirmStep', () => {
  it('labels the save-and-reuse button \'Re-use\' (spec "bookings…" §2 Booking detail buttons)', async () => {
    const onSaveAndReuse = vi.fn();
    const { user } = renderApp(
      <ConfirmStep
        quote={null}
        cardPayer={false}
        busy={false}
        onChange={vi.fn()}
        onConfirm={vi.fn()}
        onSaveAndReuse={onSaveAndReuse}
      />,
    );
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['Change', 'Re-use', 'Confirm']);
    await user.click(screen.getByRole('button', { name: 'Re-use' }));
    expect(onSaveAndReuse).toHaveBeenCalledOnce();
  });

  it('lets a card payer confirm (or re-use) on to card capture, saying so', async () => {
    const onConfirm = vi.fn();
    const { user } = renderApp(
      <ConfirmStep
        quote={null}
        cardPayer
        busy={false}
        onChange={vi.fn()}
        onConfirm={onConfirm}
        onSaveAndReuse={vi.fn()}
      />,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Change', 'Re-use', 'Confirm']);
    expect(
      screen.getByText('This account pays by card: you authorise the payment on the next step.'),
    ).toBeTruthy();
    expect(screen.queryByText(/not yet available/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
