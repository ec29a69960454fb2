import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ActionIcon } from '@mantine/core';
import { renderApp } from '../test/render';
import { hint, HintTooltip } from './HintTooltip';

/** Two icon buttons with hints and a plain paragraph, with the app's one hint tooltip. */
const page = () =>
  renderApp(
    <>
      <main>
        <ActionIcon aria-label="Track 1001" {...hint('Track')}>
          T
        </ActionIcon>
      </main>
      <ActionIcon aria-label="Map 1001" {...hint('Map')}>
        M
      </ActionIcon>
      <p>Elsewhere</p>
      <HintTooltip />
    </>,
    // The app's provider, with its portals (the test provider draws them in place).
    { tenantTheme: true },
  );

const tooltip = () => screen.queryByRole('tooltip', { hidden: true });

describe('HintTooltip', () => {
  it('shows the hint of the button the mouse is over, moves with it, and hides off it', async () => {
    page();
    expect(tooltip()).toBeNull();
    fireEvent.pointerOver(screen.getByRole('button', { name: 'Track 1001' }), { pointerType: 'mouse' });
    await waitFor(() => expect(tooltip()?.textContent).toBe('Track'));
    // Drawn inside the button's landmark, where all of a page's content is (axe: region).
    expect(tooltip()?.closest('main')).not.toBeNull();
    // Over the icon inside the second button: the button's hint.
    fireEvent.pointerOver(screen.getByText('M'), { pointerType: 'mouse' });
    await waitFor(() => expect(tooltip()?.textContent).toBe('Map'));
    fireEvent.pointerOver(screen.getByText('Elsewhere'), { pointerType: 'mouse' });
    await waitFor(() => expect(tooltip()).toBeNull());
  });

  it('hides when the mouse leaves the window, and shows nothing for a touch', async () => {
    page();
    const track = screen.getByRole('button', { name: 'Track 1001' });
    fireEvent.pointerOver(track, { pointerType: 'mouse' });
    await waitFor(() => expect(tooltip()).not.toBeNull());
    fireEvent.pointerOut(track, { pointerType: 'mouse', relatedTarget: null });
    await waitFor(() => expect(tooltip()).toBeNull());
    fireEvent.pointerOver(track, { pointerType: 'touch' });
    await new Promise((r) => setTimeout(r, 20));
    expect(tooltip()).toBeNull();
  });

  it('leaves the name of the button its own: the hint names nothing', () => {
    page();
    const track = screen.getByRole('button', { name: 'Track 1001' });
    expect(track.getAttribute('aria-describedby')).toBeNull();
  });
});
