// The words of what the client says in an entry (shared/entryReasons.ts), chosen when it is shown: by the
// webview's renderers, the Markdown export and the host's notifications, in the display language of the
// moment. Entries hold the data; a `said` reason (the agent's words, or an older journal's sentence) shows
// as it is.
import { t } from './l10n';
import { whyUnavailable } from './capabilities';
import type {
  FormProblem,
  LinkProblem,
  LinkWarning,
  NoForkReason,
  ProtocolProblem,
  SessionNote,
  ToolOrigin,
} from './entryReasons';

/** What toolTitle reads of a tool call (shared/thread.ts ToolCallView). */
interface TitledTool {
  title?: string;
  origin?: ToolOrigin;
  writes: ReadonlyArray<{ path: string }>;
  locations: ReadonlyArray<{ path: string }>;
}

/** The title and the explanation of a protocolError entry. */
export function problemWords(problem: ProtocolProblem): { title: string; detail: string } {
  switch (problem.kind) {
    case 'chatFull':
      return {
        title: t('This chat is full'),
        detail: t(
          'The agent created {0} messages and tool calls in this chat; new ones are no longer shown (updates to existing ones still are). Start a new chat.',
          problem.limit,
        ),
      };
    case 'subagentLimit':
      return {
        title: t('Too many subagent sessions'),
        detail:
          problem.bound === 'children'
            ? t(
                'The agent started more than {0} subagent sessions in this chat; the others are not shown.',
                problem.limit,
              )
            : t(
                'The agent nested subagent sessions more than {0} levels deep; the deeper ones are not shown.',
                problem.limit,
              ),
      };
    case 'invalidUpdate':
      return { title: t('Ignored an invalid {0} update from the agent', problem.variant), detail: problem.problem };
    case 'partialUpdate':
      return {
        title: t('Showed part of an invalid {0} update from the agent', problem.variant),
        detail: t('Dropped {0}', problem.dropped.join('; ')),
      };
    case 'keepsFailing':
      return {
        title: t('The agent keeps sending invalid messages'),
        detail: t(
          'Only the first {0} are shown here; the rest are in the agent log (Switchboard: Show Agent Log).',
          problem.shown,
        ),
      };
    case 'noPermissionOptions':
      return { title: t('The agent asked for permission without any options'), detail: problem.problem };
    case 'said':
      return { title: problem.title, detail: problem.detail };
  }
}

/** What a notice entry says. */
export function noteWords(note: SessionNote): string {
  switch (note.kind) {
    case 'listed':
      return t("Opened from {0}'s saved sessions: send a message (or Restart) to continue it.", note.agent);
    case 'outsideWorkspace':
      return outsideWords(note.agent, note.cwd, note.outside);
    case 'mcpNotPassed':
      return t('MCP servers were not passed to the agent: {0}', note.error);
    case 'partlyRead':
      return t('Part of this chat could not be read back from its saved transcript: {0}', note.notes.join('; '));
    case 'editorTools':
      return t(
        '{0} can use the editor through Switchboard\'s MCP server "{1}": {2}. Writes and commands ask here first.',
        note.agent,
        note.server,
        note.tools.join(', '),
      );
    case 'editorToolsNotOffered':
      return t('The editor tools were not offered to the agent: {0}', note.error);
    case 'broughtBack':
      return broughtBackWords(note);
    case 'said':
      return note.text;
  }
}

function broughtBackWords(note: Extract<SessionNote, { kind: 'broughtBack' }>): string {
  const done = note.pending
    ? t(
        'Brought {0} changed files back from the worktree into the workspace, pending your review (Keep or Undo).',
        note.files,
      )
    : t(
        'Brought {0} changed files back from the worktree into the workspace (Undo in the editor reverts each).',
        note.files,
      );
  if (note.conflicts.length === 0) return done;
  const total = note.conflicts.reduce((sum, file) => sum + file.count, 0);
  const where = note.conflicts.map((file) => `${file.path} (${file.count})`).join(', ');
  return `${done} ${t('{0} conflicts with your own changes are marked in the files (<<<<<<< workspace … >>>>>>> chat): {1}', total, where)}`;
}

function outsideWords(agent: string, cwd: string, outside: readonly string[]): string {
  const list = outside.join(', ');
  return outside.length === 1
    ? t(
        '{0} works in {1}. It cannot take more than one workspace folder (it does not advertise sessionCapabilities.additionalDirectories), so {2} is outside its workspace: writes there need your approval, and reads follow switchboard.fs.readOutsideWorkspace.',
        agent,
        cwd,
        list,
      )
    : t(
        '{0} works in {1}. It cannot take more than one workspace folder (it does not advertise sessionCapabilities.additionalDirectories), so {2} are outside its workspace: writes there need your approval, and reads follow switchboard.fs.readOutsideWorkspace.',
        agent,
        cwd,
        list,
      );
}

/** The message under a turn that ended in an error: the agent's own, or ours when it asked for sign-in. */
export function turnEndMessage(entry: { message?: string; needsSignIn?: true }): string | undefined {
  return entry.needsSignIn ? t('The agent asks you to sign in; this message is sent again after.') : entry.message;
}

/** Why a form cannot be accepted as sent. */
export function formProblemWords(problem: FormProblem): string {
  switch (problem.kind) {
    case 'tooManyFields':
      return t('The form has {0} fields; Switchboard shows at most {1}.', problem.count, problem.max);
    case 'unknownRequired':
      return t('Switchboard cannot show the required field {0}.', problem.names);
    case 'said':
      return problem.text;
  }
}

/** Why a link card's address cannot be opened. */
export function linkProblemWords(problem: LinkProblem): string {
  switch (problem.kind) {
    case 'tooLong':
      return t('The address is {0} characters long; Switchboard opens at most {1}.', problem.length, problem.max);
    case 'notWeb':
      return t('This is not a web address.');
    case 'scheme':
      return t('Switchboard opens only http and https addresses, not {0}.', problem.scheme);
    case 'said':
      return problem.text;
  }
}

/** Why a link card's address deserves a second look. */
export function linkWarningWords(warning: LinkWarning): string {
  switch (warning.kind) {
    case 'userName':
      return t(
        'The part before "@" ({0}) is a user name, not the site: this address goes to {1}.',
        warning.user,
        warning.host,
      );
    case 'lookAlike':
      return t(
        'The host name has letters beyond plain ASCII and reads "{0}"; letters of other alphabets can imitate a familiar name. Check it is the site you expect.',
        warning.unicode,
      );
    case 'loopback':
      return t('The address is on this computer ({0}).', warning.host);
    case 'ipAddress':
      return t('The host is an IP address, not a name.');
    case 'unencrypted':
      return t('The address is not encrypted (http, not https).');
    case 'said':
      return warning.text;
  }
}

/** Why an edit went on in a new session, not in a fork of the old one. */
export function noForkWords(reason: NoForkReason): string {
  switch (reason.kind) {
    case 'forkOff':
      return t('Forking a chat is off (setting switchboard.experimental.fork).');
    case 'notOffered':
      return whyUnavailable(reason.agent, 'forkSession');
    case 'forkFailed':
      return t('The agent could not fork the session: {0}', reason.error);
    case 'said':
      return reason.text;
  }
}

/** What settingErrorWords reads of a refused change (shared/thread.ts SettingError). */
interface RefusedSetting {
  target: { kind: 'mode'; modeId: string } | { kind: 'config'; configId: string };
  error: string;
}

/** Why a mode or config change did not take, beside its selector. */
export function settingErrorWords(error: RefusedSetting): string {
  const what =
    error.target.kind === 'mode'
      ? t('Could not switch the mode to {0}', error.target.modeId)
      : t('Could not set {0}', error.target.configId);
  return `${what}: ${error.error}`;
}

/**
 * A tool card's title: the agent's own (as sent, even empty); without one, what the client made the card
 * for (a write no tool call announced, a code block the user applied), else a tool call known only by id.
 */
export function toolTitle(tool: TitledTool): string {
  if (tool.title !== undefined) return tool.title;
  const path = basename(tool.writes[0]?.path ?? tool.locations[0]?.path ?? '');
  if (tool.origin === 'applied') return t('Applied to {0}', path);
  if (tool.origin === 'write') return t('Write {0}', path);
  return t('Tool call');
}

/** Last path segment, for titles; handles both separators since agents may run on Windows. */
export function basename(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  return cut >= 0 ? trimmed.slice(cut + 1) : trimmed;
}
