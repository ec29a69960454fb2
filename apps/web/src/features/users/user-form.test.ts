import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from '@courier/contracts';
import { cloneValues, emptyUser, toUserPost, validateUserForm, type UserFormValues } from './user-form';

const account = { cust_id: 7, cust_acc_code: 'DEMO001', cust_name: 'Demo Pharmacy' };
const valid = (overrides: Partial<UserFormValues> = {}): UserFormValues => ({
  ...emptyUser(),
  ausr_logon: 'nina',
  ausr_email: 'nina@example.com',
  ausr_password: 'Nina#2026x',
  confirm: 'Nina#2026x',
  accounts: [account],
  ...overrides,
});

describe('user form save rules (spec "bookings…" §5 User save)', () => {
  it('passes a complete new user', () => {
    expect(validateUserForm(valid(), DEFAULT_PASSWORD_POLICY)).toEqual({ errors: {} });
  });

  it('needs at least one account, with the spec message as the Save Data notice', () => {
    const verdict = validateUserForm(valid({ accounts: [] }), DEFAULT_PASSWORD_POLICY);
    expect(verdict.notice).toBe('At least one account is required');
    expect(verdict.errors).toEqual({ accounts: 'At least one account is required' });
  });

  it('needs a circuit when the control right is T', () => {
    const verdict = validateUserForm(valid({ ausr_rights_control: 'T' }), DEFAULT_PASSWORD_POLICY);
    expect(verdict.errors).toEqual({ circuits: 'At least one circuit is required' });
    const linked = valid({
      ausr_rights_control: 'T',
      circuits: [{ cir_circ_code: 'LIVE', cir_name: 'Live', acia_update: 'T', acia_refresh: 30 }],
    });
    expect(validateUserForm(linked, DEFAULT_PASSWORD_POLICY).errors).toEqual({});
  });

  it('needs a valid e-mail when the one time password right is T', () => {
    const verdict = validateUserForm(
      valid({ ausr_rights_otp: 'T', ausr_email: '' }),
      DEFAULT_PASSWORD_POLICY,
    );
    expect(verdict.errors).toEqual({ ausr_email: 'Please enter a valid user email address' });
    expect(validateUserForm(valid({ ausr_email: '' }), DEFAULT_PASSWORD_POLICY).errors).toEqual({});
  });

  it('applies the password policy, the username rule and the confirmation', () => {
    expect(
      validateUserForm(valid({ ausr_password: 'short', confirm: 'short' }), DEFAULT_PASSWORD_POLICY).errors,
    ).toEqual({ ausr_password: 'Password must be at least 8 characters' });
    expect(
      validateUserForm(
        valid({ ausr_logon: 'Nina.2026', ausr_password: 'Nina.2026', confirm: 'Nina.2026' }),
        DEFAULT_PASSWORD_POLICY,
      ).errors,
    ).toEqual({ ausr_password: 'Password cannot be the same as the username' });
    expect(validateUserForm(valid({ confirm: 'other' }), DEFAULT_PASSWORD_POLICY).errors).toEqual({
      confirm: 'Passwords do not match',
    });
    // Minimum length from the tenant's policy, rules off.
    expect(
      validateUserForm(valid({ ausr_password: 'abcdef', confirm: 'abcdef' }), {
        minLength: 6,
        enforceRules: 'F',
      }).errors,
    ).toEqual({});
    // An existing user keeps the password when it is left empty; a new one needs one.
    expect(
      validateUserForm(valid({ ausr_id: 3, ausr_password: '', confirm: '' }), DEFAULT_PASSWORD_POLICY).errors,
    ).toEqual({});
    expect(
      validateUserForm(valid({ ausr_password: '', confirm: '' }), DEFAULT_PASSWORD_POLICY).errors,
    ).toHaveProperty('ausr_password');
  });

  it('names an empty or malformed username under its field, as the server would', () => {
    const empty = validateUserForm(emptyUser(), DEFAULT_PASSWORD_POLICY);
    expect(empty.errors.ausr_logon).toBe('Username must be at least 3 characters');
    expect(empty.notice).toBe('At least one account is required');
    expect(validateUserForm(valid({ ausr_logon: 'ni na' }), DEFAULT_PASSWORD_POLICY).errors).toEqual({
      ausr_logon: 'Letters, digits and . _ @ - only',
    });
  });

  it('skips the account and circuit rules for My Account', () => {
    const mine = valid({
      ausr_id: 3,
      ausr_password: '',
      confirm: '',
      accounts: [],
      ausr_rights_control: 'T',
    });
    expect(validateUserForm(mine, DEFAULT_PASSWORD_POLICY, false).errors).toEqual({});
  });
});

describe('clone (spec "bookings…" §4 User detail)', () => {
  it('clears id, password, email and logon and keeps rights and links', () => {
    const copy = cloneValues(valid({ ausr_id: 9, ausr_rights_booking: 'T', ausr_firstname: 'Nina' }));
    expect(copy).toMatchObject({
      ausr_logon: '',
      ausr_email: '',
      ausr_password: '',
      confirm: '',
      ausr_firstname: 'Nina',
      ausr_rights_booking: 'T',
      accounts: [account],
    });
    expect(copy.ausr_id).toBeUndefined();
    expect(toUserPost(copy)).not.toHaveProperty('ausr_id');
  });

  it('sends ids, not rows, and no confirmation', () => {
    const body = toUserPost(valid({ ausr_cust_id: '7', ausr_site_id: null }));
    expect(body).toMatchObject({ ausr_cust_id: 7, ausr_site_id: null, accounts: [{ cust_id: 7 }] });
    expect(body).not.toHaveProperty('confirm');
  });
});
