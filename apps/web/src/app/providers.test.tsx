import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { notifyError } from '../lib/notify';
import { Providers } from './providers';

/** A screen that reports an error as it first renders, before the overlay hosts have loaded. */
function EarlyError() {
  useEffect(() => notifyError('Tracking', 'Invalid Tracking Reference'), []);
  return <p>First screen</p>;
}

describe('Providers', () => {
  it('draws the first screen at once and shows a message it gave before the overlay hosts loaded', async () => {
    render(
      <Providers>
        <EarlyError />
      </Providers>,
    );
    expect(screen.getByText('First screen')).toBeTruthy();
    expect(screen.queryByText('Invalid Tracking Reference')).toBeNull();
    expect(await screen.findByText('Invalid Tracking Reference', {}, { timeout: 3000 })).toBeTruthy();
  });
});
