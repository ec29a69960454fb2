/**
 * What the auth feature offers the others (ARCHITECTURE rule 9: a feature is used only through
 * its index.ts); everything else in the folder is its own.
 */
export { useChangePassword } from './api/password-change';
export { databaseOfResetToken } from './api/password-reset';
export { usePasswordPolicy } from './api/password-policy';
export { SESSION_KEY, useSession, useSignedIn } from './api/session';
export { errorText, fieldText } from './error-text';
export {
  CURRENT_REQUIRED,
  CurrentPasswordInput,
  NewPasswordFields,
  PasswordFields,
  useCurrentPassword,
} from './password/PasswordFields';
export { useNewPassword } from './password/use-new-password';
export { canOpen, seesPrices } from './rights';
export { LoginCard } from './components/LoginCard';
export { useGuestDatabase, useGuestTenant } from './use-guest-tenant';
