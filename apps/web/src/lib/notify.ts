import { notifications } from '@mantine/notifications';
import { MSG } from '@courier/contracts';
import { ApiError } from './api-client';

/** The error notices still showing: a success after them takes them away (they are out of date). */
const errorsShown = new Set<string>();

/**
 * Notifications as `title: message` (spec "access…" §8, "bookings…" §8). With an `id`, a notice of
 * that id already shown gives way to this one, and dismissNotice(id) takes it away. An error shows
 * until it closes or until a success is notified.
 */
export function notifyError(
  title: string,
  message: string,
  autoClose: number | false = 8000,
  id?: string,
): void {
  if (id) notifications.hide(id);
  const shown = notifications.show({
    id,
    title,
    message,
    color: 'red',
    autoClose,
    onClose: () => errorsShown.delete(shown),
  });
  errorsShown.add(shown);
}

/** Takes away the notice shown with `id`, if it still shows (e.g. an old payment error once paid). */
export function dismissNotice(id: string): void {
  notifications.hide(id);
}

/** Information, e.g. an expired session at start-up (spec "access…" §2). */
export function notifyInfo(title: string, message: string): void {
  notifications.show({ title, message, color: 'blue' });
}

/** A warning, e.g. the message a status change returns (spec "access…" §4: shown as a warning). */
export function notifyWarning(title: string, message: string): void {
  notifications.show({ title, message, color: 'yellow', autoClose: 10_000 });
}

/**
 * Success, e.g. 'You are logged out!'. Error notices still showing go: what failed before has
 * since worked, or the user has moved on (a 'Save Data' error beside 'Saved' reads as a failure).
 * `keepErrors` where successes and failures are of separate things (the driver's reports, each of
 * its own docket: one sent does not make another's failure stale).
 */
export function notifySuccess(message: string, title?: string, keepErrors = false): void {
  if (!keepErrors) clearErrorNotices();
  notifications.show({ title, message, color: 'green' });
}

/**
 * Takes away the error notices still showing: what they said no longer holds (a booking that
 * passed its checks after 'Insufficient information', a booking made).
 */
export function clearErrorNotices(): void {
  for (const id of errorsShown) notifications.hide(id);
  errorsShown.clear();
}

/**
 * The server's message of a failed call under `title`: for a refused field (400 naming fields) its
 * first field's message, which reads to a person ('The current password is not correct', not the
 * API's 'ausr_current_password: …'); anything else as the unexpected-error text.
 */
export function notifyApiError(title: string, error: unknown): void {
  if (!(error instanceof ApiError)) return notifyError(title, MSG.unexpected);
  const field = error.status === 400 && error.fields ? Object.values(error.fields)[0] : undefined;
  notifyError(title, field ?? error.message);
}
