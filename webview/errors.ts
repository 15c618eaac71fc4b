import { t } from './l10n';
// Errors the webview survived: an action batch that would not apply (the store resyncs), an
// entry that would not render (it shows an error card), a section of the UI whose update threw.
// Each is logged to the webview's developer tools and kept (the last few) for tests and for
// anyone debugging a report; none of them stops later updates from rendering.

export interface RecordedError {
  where: string;
  message: string;
}

const KEPT = 20;
const recent: RecordedError[] = [];

export function recordError(where: string, error: unknown): void {
  recent.push({ where, message: errorMessage(error) });
  if (recent.length > KEPT) recent.splice(0, recent.length - KEPT);
  console.error(`Switchboard: ${where}`, error);
}

/** The errors recorded so far, oldest first (at most the last KEPT). */
export function recentErrors(): readonly RecordedError[] {
  return recent;
}

export function clearRecentErrors(): void {
  recent.length = 0;
}

/** A one-line description of anything thrown (it need not be an Error, or even have a string). */
export function errorMessage(error: unknown): string {
  try {
    if (error instanceof Error) return `${error.name}: ${error.message}`;
    return typeof error === 'string' ? error : String(error);
  } catch {
    return t('unknown error');
  }
}
