import {
  rightsOf,
  USER_FLAGS,
  type CustomerRow,
  type DatabaseList,
  type UserSession,
  type UserFlags,
} from '@courier/contracts';

/** The demo tenants' names and themes. */
export const DEMO: DatabaseList[number] = {
  name: 'Demo Couriers',
  theme: { primaryColor: 'blue', name: 'Demo Couriers' },
};
export const NORTHERN: DatabaseList[number] = {
  name: 'Northern Express',
  theme: { primaryColor: 'orange', name: 'Northern Express' },
};

/** A signed-in session (stage 'full') with every flag 'F' except `flags`; route rights follow the flags. */
export function sessionWith(
  flags: Partial<UserFlags> = {},
  stage: UserSession['stage'] = 'full',
): UserSession {
  const all = { ...(Object.fromEntries(USER_FLAGS.map((f) => [f, 'F'])) as UserFlags), ...flags };
  return {
    stage,
    user: {
      ausr_id: 7,
      ausr_logon: 'customer',
      ausr_firstname: 'Casey',
      ausr_lastname: 'Customer',
      ausr_email: 'customer@example.com',
      ausr_cust_id: 1,
      ausr_password_expired: 'F',
      ...all,
    },
    rights: rightsOf(all),
    accounts: [{ cust_id: 1, cust_acc_code: 'ACME', cust_name: 'Acme Ltd', cust_mop: 'A' }],
    tenant: { name: DEMO.name, theme: DEMO.theme },
  };
}

/** An account as customer/list answers it; references optional and labelled 'Reference N'. */
export function accountWith(overrides: Partial<CustomerRow> = {}): CustomerRow {
  return {
    cust_id: 1,
    cust_name: 'Acme Ltd',
    cust_acc_code: 'ACME',
    cust_mop: 'A',
    cust_maintariff: 3,
    cust_mainservice: 'A',
    cust_ref1_lbl: 'Reference 1',
    cust_ref1_req: 'F',
    cust_ref2_lbl: 'Reference 2',
    cust_ref2_req: 'F',
    cust_ref3_lbl: 'Reference 3',
    cust_ref3_req: 'F',
    cust_ref4_lbl: 'Reference 4',
    cust_ref4_req: 'F',
    cust_ref5_lbl: 'Reference 5',
    cust_ref5_req: 'F',
    cust_ref6_lbl: 'Reference 6',
    cust_ref6_req: 'F',
    cust_ref5_fromlist: 'F',
    ...overrides,
  };
}
