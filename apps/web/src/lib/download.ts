import type { ApiFile } from './api-client';

/** Object URLs are released after the browser has had time to start the download or the tab. */
const REVOKE_AFTER_MS = 60_000;

function objectUrl(file: ApiFile): string {
  const url = URL.createObjectURL(file.blob);
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  return url;
}

/** Saves a file under its own name (booking-history.csv, {docket}.pdf). */
export function saveFile(file: ApiFile): void {
  const link = document.createElement('a');
  link.href = objectUrl(file);
  link.download = file.filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Opens a PDF in a new tab (the consignment label); saves it when pop-ups are blocked. */
export function openFile(file: ApiFile): void {
  // Not 'noopener': with it window.open answers null and a blocked pop-up could not be told apart.
  const opened = window.open(objectUrl(file), '_blank');
  if (opened) opened.opener = null;
  else saveFile(file);
}
