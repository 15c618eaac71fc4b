// The controls that open what a card names (a location, a path in agent text, a diff, a terminal), copy, and stop
// a terminal's command.
import { t } from '../../shared/l10n';
import { clampPosition, pathCandidates } from '../pathTarget';
import type { NavigationPort } from './chatHost';
import type { Controls } from './control';
import { chatFolders } from './chatFolders';
import { finite, optional, orNull, revision, text } from './fields';

type NavigationMessage = 'openLocation' | 'openPath' | 'openDiff' | 'copy' | 'stopTerminal' | 'openTerminal';

/** A line or column: a number, null (none), or left out. */
const position = optional(orNull(finite));

export const navigationControls: Controls<NavigationMessage, NavigationPort> = {
  openLocation: {
    shape: { path: text, line: position },
    doing: () => t('open the file'),
    handle: (message, _thread, host) => host.openLocation(message.path, clampLine(message.line)),
  },
  openPath: {
    shape: { path: text, line: position, column: position },
    doing: () => t('open the file'),
    // Agent text: only paths inside a workspace folder, never a URL (pathTarget.ts).
    handle: (message, thread, host) =>
      host.openWorkspacePath(
        pathCandidates(message.path, chatFolders(thread, host)),
        clampPosition(message.line),
        clampPosition(message.column),
        message.path,
      ),
  },
  openDiff: {
    shape: { path: text, fromRevision: revision, revision },
    doing: () => t('open the diff'),
    handle: (message, _thread, host) => host.openWriteDiff(message.path, message.fromRevision, message.revision),
  },
  copy: {
    shape: { text },
    doing: () => t('copy to the clipboard'),
    handle: (message, _thread, host) => host.copy(message.text),
  },
  stopTerminal: {
    shape: { terminalId: text },
    doing: () => t('stop the command'),
    handle: (message, thread) => thread?.stopTerminal(message.terminalId),
  },
  openTerminal: {
    shape: { terminalId: text },
    doing: () => t('open the terminal'),
    handle(message, thread, host) {
      if (thread) host.openTerminal(thread, message.terminalId);
    },
  },
};

/** ACP lines are 1-based; 0, negatives and fractions clamp to a valid line. null: no line. */
export function clampLine(line: number | null | undefined): number | null {
  if (line === undefined || line === null) return null;
  return Math.max(1, Math.floor(line));
}
