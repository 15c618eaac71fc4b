// What the client says in an entry, as a journal line holds it (shared/entryReasons.ts): a kind and its
// parameters, or `said` words. A kind this version does not know, or a parameter of the wrong type, is
// refused (the line is skipped and named). Older journals' sentences were made `said` before these checks
// (journalUpgrade.ts). Pure.
import { listOf, nullable, num, oneOf, optional, record, shape, str, tagged, bool } from './journalChecks';

const said = shape({ text: str });

export const problem = tagged('kind', {
  chatFull: shape({ limit: num }),
  subagentLimit: shape({ bound: oneOf('children', 'depth'), limit: num }),
  invalidUpdate: shape({ variant: str, problem: str }),
  partialUpdate: shape({ variant: str, dropped: listOf(str) }),
  keepsFailing: shape({ shown: num }),
  noPermissionOptions: shape({ problem: str }),
  said: shape({ title: str, detail: str }),
});

export const note = tagged('kind', {
  listed: shape({ agent: str }),
  outsideWorkspace: shape({ agent: str, cwd: str, outside: listOf(str) }),
  mcpNotPassed: shape({ error: str }),
  partlyRead: shape({ notes: listOf(str) }),
  editorTools: shape({ agent: str, server: str, tools: listOf(str) }),
  editorToolsNotOffered: shape({ error: str }),
  broughtBack: shape({ files: num, pending: bool, conflicts: listOf(shape({ path: str, count: num })) }),
  said,
});

export const formProblem = tagged('kind', {
  tooManyFields: shape({ count: num, max: num }),
  unknownRequired: shape({ names: str }),
  said,
});

const failureReason = tagged('kind', {
  commandNotFound: shape({ command: str }),
  permissionDenied: shape({ command: str }),
  spawnError: shape({ command: str, error: str }),
  missingCwd: shape({ cwd: str }),
  exited: record,
  outputClosed: record,
  initializeTimeout: shape({ ms: num }),
  protocolVersion: shape({ version: str, v2On: optional(bool) }),
  needsV2: record,
  noAuthMethod: record,
  startup: shape({ step: str, error: str }),
  restrictedMode: record,
  missingAgent: shape({ agentId: str, displayName: str }),
  worktreeGone: shape({ path: str }),
  notStarted: shape({ error: str }),
  said: shape({ title: str, hint: optional(str) }),
});

const envWarning = tagged('kind', {
  pathWithoutSystem: shape({ setting: str, folders: str, variables: bool }),
  homeMissing: shape({ setting: str, value: str }),
});

export const failure = shape({
  reason: failureReason,
  commandLine: str,
  stderrTail: listOf(str),
  exitCode: optional(nullable(num)),
  signal: optional(nullable(str)),
  envWarnings: optional(listOf(envWarning)),
});

export const linkProblem = tagged('kind', {
  tooLong: shape({ length: num, max: num }),
  notWeb: record,
  scheme: shape({ scheme: str }),
  said,
});

export const linkWarning = tagged('kind', {
  userName: shape({ user: str, host: str }),
  lookAlike: shape({ unicode: str }),
  loopback: shape({ host: str }),
  ipAddress: record,
  unencrypted: record,
  said,
});

export const noForkReason = tagged('kind', {
  forkOff: record,
  notOffered: shape({ agent: str }),
  forkFailed: shape({ error: str }),
  said,
});
