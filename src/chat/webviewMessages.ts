// Validates what the webview posts before the host acts on it. The webview is our own code, but it renders
// agent-supplied markdown, so the host treats its messages as untrusted input: each field is checked by its
// control's shape (controls/controlTable.ts, checks in controls/fields.ts).
import type { WebviewToHost } from '../shared/messages';
import type { Field } from './controls/fields';
import { CONTROLS } from './controls/controlTable';
import { optional, text } from './controls/fields';

const threadId = optional(text);

/** The message if it is a well-formed WebviewToHost, else null. */
export function parseWebviewMessage(raw: unknown): WebviewToHost | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(CONTROLS, type)) return null;
  if (!threadId(record.threadId)) return null;
  const shape: Record<string, Field<unknown>> = CONTROLS[type as WebviewToHost['type']].shape;
  for (const [field, fits] of Object.entries(shape)) {
    if (!fits(record[field])) return null;
  }
  return record as unknown as WebviewToHost;
}
