/** Messages of the spec's error catalogues, word for word (spec "access…" §8, "bookings…" §8). */
export const MSG = {
  notAuthenticated: 'NOT_AUTHENTICATED',
  notAuthorized: 'NOT_AUTHORIZED',
  authError: 'Authentication Error',
  badLogin: 'The username or password is incorrect',
  tooManyAttempts: 'Too many login attempts, please wait a minute and try again',
  loggedOut: 'You are logged out!',
  twoAddresses: 'Cannot have less than two addresses',
  oneParcel: 'Cannot have less than one parcel',
  trackingNotFound: 'Your order was not found, please check your Tracking Reference',
  invalidTrackingRef: 'Invalid Tracking Reference',
  docketNotFound: 'Docket not found',
  defaultAccountUnavailable: 'User default customer on hold or not available',
  sessionExpired: 'Your session has expired, please login again',
  unexpected: 'An unexpected error occurred',
  otpUnavailable: 'OTP authorization is not yet available',
  resetSent: 'Check your email account for a reset password mail',
  passwordChanged: 'Your password has been changed',
  registered: 'Registered Successfully',
  registeredDetail: 'Please login to view your booking history',
  /** One answer for every refused registration link: missing, wrong, used, expired or another booking's. */
  registerLinkInvalid:
    'This registration link is invalid or has already been used. Please use the link in your booking confirmation e-mail.',
  currentPasswordWrong: 'The current password is not correct',
  passwordReused: 'The new password must be different from the current one',
  stepRequired: 'Please complete the login first',
  settingsSaved: 'Settings saved',
  hoursOfOperation: 'Booking jobs for outside of hours of operation is not available.',
  unknownPostcode: 'Unknown post code',
  /** Title and message of an expired quote (spec "bookings…" §8). */
  quoteExpiredTitle: 'Quote Expired',
  quoteExpired: 'Sorry your quote is no longer valid, please try again',
  quoteNotFound: 'Quote not found',
  /** Loading a card booking by guid whose addresses are not complete (spec "bookings…" §5). */
  incompleteAddresses: 'Incomplete addresses',
  /** A quote address with fewer than three filled parts (spec "bookings…" §5). */
  quoteAddressParts: 'Please use the search buttons next to each post code and select your specific address',
  /** Payment failure (spec "bookings…" §8), overridden by the message setting Quote.PaymentError. */
  paymentUnsuccessfulTitle: 'Payment Unsuccessful',
  paymentError: 'Unable to authorise your payment at this time, please try again later or give us a call',
  paymentAmountMissing: 'Payment amount not provided',
  /** Not spec text: the card issuer's 3-D Secure check (Worldpay) was asked for and not completed. */
  cardCheckNotDone: 'Your card issuer asked for 3-D Secure authentication, which was not completed',
  /** Not spec text: the card issuer's 3-D Secure check is waiting for the payer (409 with `fields.challenge`). */
  cardCheckWaiting: 'Your card issuer asks you to confirm this payment',
  /** Not spec text: a card payer's booking is saved by its authorised payment, never by docket/post or quote/book. */
  cardPayerBooking: 'This account pays by card: the booking is saved once the card payment is authorised',
  /** Not spec text: an account payer's quote is booked on account (quote/book), never paid by card. */
  accountPayerBooking: 'This account pays on account: the booking needs no card payment',
} as const;

/** Messages of the address book and the address search, word for word (spec "access…" §5, §8). */
export const ADDRESS_MSG = {
  poBox: "You can't use PO BOX as an address",
  insufficient:
    'Insufficient information, please use the search button next to the post code and select your specific address',
  noMatch: 'No matching addresses found',
  saved: 'Address record saved',
  notFound: 'Address not found',
  mainAddress: 'The account address cannot be deleted',
  /** Ours: a user limited to their own bookings changing the account's shared address book. */
  ownBookingsOnly: "A user limited to their own bookings cannot change the account's address book",
} as const;
