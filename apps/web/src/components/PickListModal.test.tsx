import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render';
import { PickListModal } from './PickListModal';

interface Place {
  id: number;
  name: string;
}

const PLACES: Place[] = [
  { id: 1, name: 'The Densham Surgery' },
  { id: 2, name: 'The Dovecot Surgery' },
  { id: 3, name: 'Sexual Health' },
];

/** The open list of PLACES (its table is imported on first use: it may not show rows yet). */
const openList = (onChoose: (p: Place) => void, searchText?: (p: Place) => string) =>
  renderApp(
    <PickListModal<Place>
      title="ADDRESS LIST"
      opened
      onClose={() => undefined}
      records={PLACES}
      columns={[{ accessor: 'name', title: 'Company' }]}
      idAccessor={(p) => p.id}
      onChoose={onChoose}
      searchText={searchText}
    />,
  );

/** The open list, once its table shows the rows. */
async function renderList(onChoose: (p: Place) => void, searchText?: (p: Place) => string) {
  const view = openList(onChoose, searchText);
  await screen.findByRole('row', { name: PLACES[0]!.name });
  return view;
}

const row = (name: string) => screen.getByRole('row', { name });

describe('PickListModal loading', () => {
  // The first list of this file (each test file has its own modules): the table is not imported yet.
  it('shows a loader until its table is imported, then the rows, the first one focused', async () => {
    openList(() => undefined);
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    expect(screen.queryByRole('row')).toBeNull();
    expect(await screen.findByRole('row', { name: 'Sexual Health' })).toBeTruthy();
    expect(screen.queryByLabelText('Loading')).toBeNull();
    // Opened before the table came: the first row takes the focus once it is there.
    await waitFor(() => expect(document.activeElement).toBe(row('The Densham Surgery')));
  });
});

describe('PickListModal by keyboard', () => {
  it('makes the rows one tab stop that the arrows move through, and Enter chooses', async () => {
    const onChoose = vi.fn();
    await renderList(onChoose);
    expect(row('The Densham Surgery').getAttribute('tabindex')).toBe('0');
    expect(row('The Dovecot Surgery').getAttribute('tabindex')).toBe('-1');
    const key = (name: string, k: string) => fireEvent.keyDown(row(name), { key: k });
    key('The Densham Surgery', 'ArrowDown');
    expect(document.activeElement).toBe(row('The Dovecot Surgery'));
    fireEvent.focus(row('The Dovecot Surgery'));
    expect(row('The Dovecot Surgery').getAttribute('tabindex')).toBe('0');
    key('The Dovecot Surgery', 'End');
    expect(document.activeElement).toBe(row('Sexual Health'));
    key('Sexual Health', 'ArrowUp');
    expect(document.activeElement).toBe(row('The Dovecot Surgery'));
    key('The Dovecot Surgery', 'Enter');
    expect(onChoose).toHaveBeenCalledWith(PLACES[1]);
  });

  it('chooses with Space too', async () => {
    const onChoose = vi.fn();
    await renderList(onChoose);
    fireEvent.keyDown(row('Sexual Health'), { key: ' ' });
    expect(onChoose).toHaveBeenCalledWith(PLACES[2]);
  });

  it('marks the first row to take focus on opening, unless there is a search box', async () => {
    await renderList(() => undefined);
    expect(row('The Densham Surgery').hasAttribute('data-autofocus')).toBe(true);
  });

  it('leaves the first focus to the search box when there is one', async () => {
    await renderList(
      () => undefined,
      (p) => p.name,
    );
    expect(row('The Densham Surgery').hasAttribute('data-autofocus')).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Search ADDRESS LIST' }).hasAttribute('data-autofocus')).toBe(
      true,
    );
  });
});
