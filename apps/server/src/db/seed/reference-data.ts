import { REPORT_DEFINITIONS } from '../../modules/reports/definitions';
/** Reference rows every tenant starts with: statuses, service types, tariffs, settings. */

/** Docket statuses: id, description, allowed next statuses, complete flag, colours. */
export const DOCKET_STATUSES = [
  {
    dsts_id: 'W',
    dsts_description: 'Web booking received',
    dsts_fwds: 'O,G,B,C',
    dsts_web: 'F',
    dsts_color: '#e7f5ff',
    dsts_font_color: '#1c3d5a',
    dsts_complete: 'F',
  },
  {
    dsts_id: 'O',
    dsts_description: 'Booked',
    dsts_fwds: 'G,B,C,Q',
    dsts_web: 'F',
    dsts_color: '#e3fafc',
    dsts_font_color: '#0b3d42',
    dsts_complete: 'F',
  },
  {
    dsts_id: 'G',
    dsts_description: 'Driver allocated',
    dsts_fwds: 'P,B,Q,R',
    dsts_web: 'T',
    dsts_color: '#fff3bf',
    dsts_font_color: '#5c4400',
    dsts_complete: 'F',
  },
  {
    dsts_id: 'P',
    dsts_description: 'Collected',
    dsts_fwds: 'T,D,E,Q',
    dsts_web: 'T',
    dsts_color: '#ffe8cc',
    dsts_font_color: '#5c3200',
    dsts_complete: 'F',
  },
  {
    dsts_id: 'T',
    dsts_description: 'In transit',
    dsts_fwds: 'D,E,Q,R',
    dsts_web: 'T',
    dsts_color: '#d0ebff',
    dsts_font_color: '#123c63',
    dsts_complete: 'F',
  },
  {
    dsts_id: 'E',
    dsts_description: 'Delivery exception',
    dsts_fwds: 'T,D,R,Q',
    dsts_web: 'T',
    dsts_color: '#ffc9c9',
    dsts_font_color: '#5c0a0a',
    dsts_complete: 'F',
  },
  {
    dsts_id: 'Q',
    dsts_description: 'Query',
    dsts_fwds: 'G,P,T,D,R',
    dsts_web: 'T',
    dsts_color: '#eebefa',
    dsts_font_color: '#4a0f57',
    dsts_complete: 'F',
  },
  {
    dsts_id: 'D',
    dsts_description: 'Delivered',
    dsts_fwds: 'I,Q',
    dsts_web: 'T',
    dsts_color: '#d3f9d8',
    dsts_font_color: '#0f3d17',
    dsts_complete: 'T',
  },
  {
    dsts_id: 'R',
    dsts_description: 'Returned to sender',
    dsts_fwds: 'I',
    dsts_web: 'T',
    dsts_color: '#ffd8a8',
    dsts_font_color: '#5c2b00',
    dsts_complete: 'T',
  },
  {
    dsts_id: 'B',
    dsts_description: 'Cancelled',
    dsts_fwds: '',
    dsts_web: 'T',
    dsts_color: '#e9ecef',
    dsts_font_color: '#343a40',
    dsts_complete: 'T',
  },
  {
    dsts_id: 'C',
    dsts_description: 'Cancelled by customer',
    dsts_fwds: '',
    dsts_web: 'T',
    dsts_color: '#e9ecef',
    dsts_font_color: '#343a40',
    dsts_complete: 'T',
  },
  {
    dsts_id: 'I',
    dsts_description: 'Invoiced',
    dsts_fwds: 'F',
    dsts_web: 'T',
    dsts_color: '#f1f3f5',
    dsts_font_color: '#212529',
    dsts_complete: 'T',
  },
  {
    dsts_id: 'F',
    dsts_description: 'Finished',
    dsts_fwds: '',
    dsts_web: 'F',
    dsts_color: '#f8f9fa',
    dsts_font_color: '#495057',
    dsts_complete: 'T',
  },
];

export const SERVICE_TYPES = [
  { styp_id: 'A', styp_description: 'Standard' },
  { styp_id: 'S', styp_description: 'Same day' },
  { styp_id: 'N', styp_description: 'Next day' },
  { styp_id: 'T', styp_description: 'Timed delivery' },
];

/** One tariff per vehicle id (spec "bookings…" §9); pence and mph. */
export const TARIFFS = [
  {
    ttyp_tariff: 1,
    ttyp_description: 'Bicycle',
    ttyp_base_pence: 600,
    ttyp_per_mile_pence: 150,
    ttyp_extra_parcel_pence: 50,
    ttyp_speed_mph: 10,
  },
  {
    ttyp_tariff: 2,
    ttyp_description: 'Moped',
    ttyp_base_pence: 700,
    ttyp_per_mile_pence: 120,
    ttyp_extra_parcel_pence: 50,
    ttyp_speed_mph: 20,
  },
  {
    ttyp_tariff: 3,
    ttyp_description: 'Motorbike',
    ttyp_base_pence: 800,
    ttyp_per_mile_pence: 110,
    ttyp_extra_parcel_pence: 75,
    ttyp_speed_mph: 32,
  },
  {
    ttyp_tariff: 4,
    ttyp_description: 'Car',
    ttyp_base_pence: 1200,
    ttyp_per_mile_pence: 95,
    ttyp_extra_parcel_pence: 100,
    ttyp_speed_mph: 30,
  },
  {
    ttyp_tariff: 5,
    ttyp_description: 'Small van',
    ttyp_base_pence: 1500,
    ttyp_per_mile_pence: 105,
    ttyp_extra_parcel_pence: 100,
    ttyp_speed_mph: 30,
  },
  {
    ttyp_tariff: 6,
    ttyp_description: 'Large van',
    ttyp_base_pence: 2000,
    ttyp_per_mile_pence: 120,
    ttyp_extra_parcel_pence: 150,
    ttyp_speed_mph: 28,
  },
  {
    ttyp_tariff: 7,
    ttyp_description: 'Luton van',
    ttyp_base_pence: 2800,
    ttyp_per_mile_pence: 140,
    ttyp_extra_parcel_pence: 150,
    ttyp_speed_mph: 26,
  },
  {
    ttyp_tariff: 8,
    ttyp_description: 'HGV',
    ttyp_base_pence: 6000,
    ttyp_per_mile_pence: 220,
    ttyp_extra_parcel_pence: 200,
    ttyp_speed_mph: 22,
  },
  {
    ttyp_tariff: 9,
    ttyp_description: 'Mini bus',
    ttyp_base_pence: 3000,
    ttyp_per_mile_pence: 150,
    ttyp_extra_parcel_pence: 0,
    ttyp_speed_mph: 28,
  },
  {
    ttyp_tariff: 10,
    ttyp_description: 'Coach',
    ttyp_base_pence: 8000,
    ttyp_per_mile_pence: 250,
    ttyp_extra_parcel_pence: 0,
    ttyp_speed_mph: 25,
  },
  {
    ttyp_tariff: 11,
    ttyp_description: 'MPV',
    ttyp_base_pence: 1500,
    ttyp_per_mile_pence: 100,
    ttyp_extra_parcel_pence: 100,
    ttyp_speed_mph: 30,
  },
];

/** Global settings by group. */
export const SETTINGS: { sett_group: string; sett_key: string; sett_value: string }[] = [
  { sett_group: 'general', sett_key: 'ArchiveDays', sett_value: '14' },
  { sett_group: 'general', sett_key: 'GuestAccessAllowed', sett_value: 'T' },
  { sett_group: 'config', sett_key: 'PasswordMinLength', sett_value: '8' },
  { sett_group: 'config', sett_key: 'PasswordEnforceRules', sett_value: 'T' },
  { sett_group: 'config', sett_key: 'OtpExpireMinutes', sett_value: '10' },
  { sett_group: 'config', sett_key: 'SessionIdleMinutes', sett_value: '60' },
  { sett_group: 'config', sett_key: 'LogRetentionDays', sett_value: '90' },
  { sett_group: 'config', sett_key: 'cfg_disallow_pobox', sett_value: 'T' },
  { sett_group: 'config', sett_key: 'cfg_insight_custid', sett_value: '6' },
  { sett_group: 'general', sett_key: 'ExtraReferences', sett_value: 'F' },
  { sett_group: 'general', sett_key: 'GlobalHOO', sett_value: 'F' },
  { sett_group: 'general', sett_key: 'BookingHOO', sett_value: 'T' },
  { sett_group: 'general', sett_key: 'TermsCheckbox', sett_value: 'T' },
  // Beyond the spec (issue 10 §3): e-mail the docket's addresses when it is collected and delivered.
  { sett_group: 'general', sett_key: 'TrackingMail', sett_value: 'T' },
  // Track and Trace list: the Reference, Consignment and Trace Ref columns ('F' hides one).
  { sett_group: 'default', sett_key: 'aset_trace_reference', sett_value: 'T' },
  { sett_group: 'default', sett_key: 'aset_trace_consignment', sett_value: 'T' },
  { sett_group: 'default', sett_key: 'aset_trace_traceref', sett_value: 'T' },
  // Mandatory fields: a comma list per service type (Booking.{styp_id}) and for the address book.
  { sett_group: 'mandatory', sett_key: 'Booking.A', sett_value: 'dadd_street,dadd_town,dadd_postalcode' },
  {
    sett_group: 'mandatory',
    sett_key: 'Booking.S',
    sett_value: 'dadd_companyname,dadd_street,dadd_town,dadd_postalcode,dadd_name,dadd_telephone',
  },
  { sett_group: 'mandatory', sett_key: 'Booking.N', sett_value: 'dadd_street,dadd_town,dadd_postalcode' },
  {
    sett_group: 'mandatory',
    sett_key: 'Booking.T',
    sett_value: 'dadd_street,dadd_town,dadd_postalcode,dadd_name',
  },
  {
    sett_group: 'mandatory',
    sett_key: 'AddressBook',
    sett_value: 'cadd_coname,cadd_street,cadd_town,cadd_postalcode',
  },
  { sett_group: 'message', sett_key: 'Booking.ReferenceRequired', sett_value: '{label} is required.' },
  {
    sett_group: 'message',
    sett_key: 'Quote.PaymentError',
    sett_value: 'Unable to authorise your payment at this time, please try again later or give us a call',
  },
  { sett_group: 'default', sett_key: 'aset_general_format', sett_value: 'DD/MM/YYYY HH:mm' },
  // Card payments (spec "bookings…" §3 hosted card provider settings): the hold is the total plus
  // holdMargin %; each card method of payment (O, S) names its provider (the sandbox until keys are set).
  { sett_group: 'payment', sett_key: 'holdMargin', sett_value: '10' },
  { sett_group: 'payment', sett_key: 'currencyCode', sett_value: 'GBP' },
  { sett_group: 'payment', sett_key: 'currencySymbol', sett_value: '£' },
  { sett_group: 'payment', sett_key: 'provider.O', sett_value: 'sandbox' },
  { sett_group: 'payment', sett_key: 'provider.S', sett_value: 'sandbox' },
  { sett_group: 'default', sett_key: 'aset_today_format', sett_value: 'HH:mm' },
  // Hours of operation per weekday, HH:mm; a day without hours takes no bookings with times.
  ...['mon', 'tue', 'wed', 'thu', 'fri'].flatMap((d) => [
    { sett_group: 'hoo', sett_key: `hoo_${d}_start`, sett_value: '07:00' },
    { sett_group: 'hoo', sett_key: `hoo_${d}_end`, sett_value: '19:00' },
  ]),
  { sett_group: 'hoo', sett_key: 'hoo_sat_start', sett_value: '08:00' },
  { sett_group: 'hoo', sett_key: 'hoo_sat_end', sett_value: '13:00' },
  { sett_group: 'hoo', sett_key: 'hoo_sun_start', sett_value: '' },
  { sett_group: 'hoo', sett_key: 'hoo_sun_end', sett_value: '' },
];

/** Statuses of a docket still on the road (the live circuits select these). */
const LIVE_STATUSES = ['W', 'O', 'G', 'P', 'T', 'E', 'Q'];

/** Demo circuits (spec "access…" §3 Circuit): code, name, columns and what each selects. */
export const CIRCUITS = [
  {
    cir_circ_code: 'LIVE',
    cir_name: 'All live jobs',
    cir_selectfields: [
      'Docket~dck_docket',
      'Account~cust_acc_code',
      'Status~dsts_description',
      'Driver~drv_name',
      'From~from_town',
      'Collect by~from_deadline',
      'To~to_town',
      'Deliver by~to_deadline',
      'Vehicle~ttyp_description',
    ].join('\n'),
    cir_statuses: LIVE_STATUSES,
    cir_countdown_minutes: 30,
  },
  {
    cir_circ_code: 'NWCOLL',
    cir_name: 'North West collections',
    cir_selectfields: [
      'Docket~dck_docket',
      'Status~dsts_description',
      'Collect from~from_companyname',
      'from_postcode',
      'Ready~from_ready',
      'Collect by~from_deadline',
      'Driver~drv_driver',
      'ttyp_description',
    ].join('\n'),
    cir_statuses: LIVE_STATUSES,
    cir_postcode_areas: ['M', 'L', 'WA', 'CH', 'OL', 'WN', 'BB', 'BL', 'SK', 'PR', 'CW', 'LA', 'FY', 'CA'],
    cir_countdown_minutes: 45,
  },
  {
    cir_circ_code: 'EXQ',
    cir_name: 'Exceptions and queries',
    cir_selectfields: [
      'Docket~dck_docket',
      'Account~cust_name',
      'Reference~dck_cust_ref1',
      'Status~dsts_description',
      'Since~dck_status_time',
      'Driver~drv_name',
      'To~to_companyname',
      'to_postcode',
      'Contact~dck_contact',
    ].join('\n'),
    cir_statuses: ['E', 'Q'],
    cir_countdown_minutes: 30,
  },
];

/** Demo drivers: code, name, mobile (Ofcom's drama range), vehicle tariff id. */
export const DEMO_DRIVERS = [
  { drv_driver: 'D01', drv_name: 'Gareth Evans', drv_mobile: '07700 900101', drv_tariff: 5 },
  { drv_driver: 'D02', drv_name: 'Priya Sharma', drv_mobile: '07700 900102', drv_tariff: 4 },
  { drv_driver: 'D03', drv_name: 'Callum MacLeod', drv_mobile: '07700 900103', drv_tariff: 6 },
  { drv_driver: 'D04', drv_name: 'Bethany Holt', drv_mobile: '07700 900104', drv_tariff: 3 },
  { drv_driver: 'D05', drv_name: 'Kwame Mensah', drv_mobile: '07700 900105', drv_tariff: 7 },
  { drv_driver: 'D06', drv_name: 'Siobhan Doyle', drv_mobile: '07700 900106', drv_tariff: 1 },
];

/** Demo sites (site/list). */
export const SITES = [{ site_name: 'Manchester depot' }, { site_name: 'London depot' }];

/** Demo business units by the index of their site in SITES (businessunit/list). */
export const BUSINESS_UNITS = [
  { bu_name: 'Same day', site: 0 },
  { bu_name: 'Overnight', site: 0 },
  { bu_name: 'Medical', site: 1 },
];

/** Demo reports: one row per report definition, its rpt_path naming the definition (issue 12 §3). */
export const REPORTS = REPORT_DEFINITIONS.map((d) => ({ rpt_desc: d.description, rpt_path: d.path }));

/** The demo customer's reports (a non-admin's view: their accounts only). */
export const CUSTOMER_REPORTS = ['bookings-per-day', 'status-breakdown'];

/**
 * The report rows demo databases were seeded with before reports had definitions, by the
 * definition each now names (seedReportDefinitionsIfMissing renames them, keeping their links).
 */
export const LEGACY_REPORT_PATHS: Record<string, string> = {
  'bookings-by-account.rpt': 'bookings-per-day',
  'delivery-performance.rpt': 'on-time-delivery',
  'driver-activity.rpt': 'driver-jobs-per-day',
  'invoice-summary.rpt': 'spend-by-account-service',
};
