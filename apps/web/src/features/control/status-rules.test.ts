import { describe, expect, it } from 'vitest';
import { STATUSES } from './control-test-data';
import { changeErrors, changeRequest, choicesFor, EMPTY_CHANGE, needFor } from './status-rules';

const ids = (targets: { dck_docket: number; dck_status: string }[]) =>
  choicesFor(STATUSES, targets).map((s) => s.dsts_id);

describe('the status change rules of the modal (spec "access…" §4)', () => {
  it('offers only allowed next statuses with web T, never F, W or O', () => {
    expect(ids([{ dck_docket: 1, dck_status: 'W' }])).toEqual(['G', 'B', 'C']);
    expect(ids([{ dck_docket: 1, dck_status: 'G' }])).toEqual(['P', 'B', 'Q', 'R']);
    expect(ids([{ dck_docket: 1, dck_status: 'I' }])).toEqual([]);
    expect(ids([{ dck_docket: 1, dck_status: 'B' }])).toEqual([]);
  });

  it('offers several dockets only what every one of them allows', () => {
    expect(
      ids([
        { dck_docket: 1, dck_status: 'O' },
        { dck_docket: 2, dck_status: 'Q' },
      ]),
    ).toEqual(['G']);
    expect(
      ids([
        { dck_docket: 1, dck_status: 'P' },
        { dck_docket: 2, dck_status: 'T' },
      ]),
    ).toEqual(['D', 'E', 'Q']);
  });

  it('asks a reason for B and C, a driver for G, signed-by for the others', () => {
    expect(needFor('B')).toBe('reason');
    expect(needFor('C')).toBe('reason');
    expect(needFor('G')).toBe('driver');
    expect(needFor('P')).toBe('signed_by');
    expect(needFor('D')).toBe('signed_by');
    expect(needFor('')).toBeUndefined();
  });

  it("refuses a form without what the status needs, in the server's words", () => {
    expect(changeErrors(EMPTY_CHANGE, STATUSES)).toEqual({ status: 'Choose a status' });
    expect(changeErrors({ ...EMPTY_CHANGE, status: 'G' }, STATUSES)).toEqual({ driver: 'Choose a driver' });
    expect(changeErrors({ ...EMPTY_CHANGE, status: 'B' }, STATUSES)).toEqual({
      exception: "A reason is required for 'Cancelled'",
    });
    expect(changeErrors({ ...EMPTY_CHANGE, status: 'D', signed_by: '  ' }, STATUSES)).toEqual({
      signed_by: "Signed by is required for 'Delivered'",
    });
    expect(changeErrors({ ...EMPTY_CHANGE, status: 'D', signed_by: 'J Smith' }, STATUSES)).toEqual({});
  });

  it('sends the status the board showed as from, and only the field the status needs', () => {
    const values = { status: 'G', driver: 'D01', exception: 'X', signed_by: 'someone' };
    expect(changeRequest({ dck_docket: 42, dck_status: 'O' }, values)).toEqual({
      docket: 42,
      from: 'O',
      status: 'G',
      driver: 'D01',
    });
    expect(changeRequest({ dck_docket: 42, dck_status: 'G' }, { ...values, status: 'P' })).toEqual({
      docket: 42,
      from: 'G',
      status: 'P',
      signed_by: 'someone',
    });
    expect(changeRequest({ dck_docket: 42, dck_status: 'G' }, { ...values, status: 'B' })).toEqual({
      docket: 42,
      from: 'G',
      status: 'B',
      exception: 'X',
    });
  });
});
