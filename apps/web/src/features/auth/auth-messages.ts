/**
 * Titles and messages of the login screens that the contracts' MSG does not carry, word for word
 * from spec "access…" §8 (error catalogue) and §4 (login flow).
 */
export const AUTH_TEXT = {
  /** Title of every OTP notification; verification errors show the server's message under it. */
  mfaTitle: 'Multi-factor authentication',
  invalidResponse: 'Invalid response data',
  otpFailed: 'Failed to use OTP authentication',
  resendFailed: 'Failed to resend OTP',
  sendResetFailed: 'Send Reset Failed',
  changeFailed: 'Change password failed',
  loadTheme: 'Load Theme',
} as const;

/** The OTP lifetime when the setting gives none (spec "access…" §9). */
export const DEFAULT_OTP_MINUTES = 10;
