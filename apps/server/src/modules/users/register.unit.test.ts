import { describe, expect, it } from 'vitest';
import { priceRightOf } from './register.service';

describe('priceRightOf', () => {
  it("gives the price right only on a card-paying account, to a guest's booking or a booker who had it", () => {
    const of = (cust_mop: string, dck_ausr_id: number | null, booker_price: string | null) =>
      priceRightOf({ cust_mop, dck_ausr_id, booker_price });
    expect(of('O', null, null)).toBe('T');
    expect(of('S', 7, 'T')).toBe('T');
    // A booker without the price right paid by card on the booking screen without seeing the price.
    expect(of('O', 7, 'F')).toBe('F');
    // An invoiced account's contract prices: never, whoever booked.
    expect(of('A', 7, 'T')).toBe('F');
    expect(of('A', null, null)).toBe('F');
  });
});
