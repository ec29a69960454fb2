import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AddressResult } from '@courier/contracts';
import { renderApp } from '../../../test/render';
import { AddressListModal, AREA_ONLY_INTRO } from './AddressListModal';

const result = (over: Partial<AddressResult>): AddressResult => ({
  organisation: '',
  dwelling: '',
  subdwelling: '',
  building: '',
  street: '',
  locality: '',
  town: 'Manchester',
  county: '',
  country: 'United Kingdom',
  postcode: 'M1 1AE',
  latitude: 53.48,
  longitude: -2.23,
  source: 'offline',
  ...over,
});

/** The column headers of the open list, once its table shows the rows. */
async function headersOf(results: AddressResult[]) {
  renderApp(<AddressListModal results={results} onChoose={() => undefined} onClose={() => undefined} />);
  await screen.findAllByRole('row', { name: /Manchester/ });
  return screen.getAllByRole('columnheader').map((h) => h.textContent);
}

describe('AddressListModal', () => {
  it("says when only the post code's area is known, and shows no empty columns", async () => {
    expect(await headersOf([result({})])).toEqual(['Town', 'Postcode']);
    expect(screen.getByText(AREA_ONLY_INTRO)).toBeTruthy();
  });

  it('asks for the specific address when there are some, with the columns they fill', async () => {
    const headers = await headersOf([
      result({ organisation: 'Piccadilly Plaza', street: 'Portland Street' }),
      result({ building: '1', street: 'Portland Street' }),
    ]);
    expect(headers).toEqual(['Company', 'Building', 'Street', 'Town', 'Postcode']);
    expect(screen.getByText('Choose your specific address.')).toBeTruthy();
    expect(screen.queryByText(AREA_ONLY_INTRO)).toBeNull();
  });
});
