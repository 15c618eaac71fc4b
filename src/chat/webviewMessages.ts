// Validates what the webview posts before the host acts on it. The webview is our own code, but
// it renders agent-supplied markdown, so the host treats its messages as untrusted input.
import type { WebviewToHost } from '../shared/messages';
import { parseContextRefs } from './contextRefs';

type Shape = Record<
  string,
  | 'string'
  | 'string?'
  | 'string|null'
  | 'string|boolean'
  | 'number|null?'
  | 'revision'
  | 'count'
  | 'object?'
  | 'context?'
>;

const SHAPES: { [K in WebviewToHost['type']]: Shape } = {
  ready: {},
  resync: {},
  taken: { seq: 'count' },
  prompt: { text: 'string', agentId: 'string?', context: 'context?' },
  queuePrompt: { text: 'string', context: 'context?' },
  editQueued: { id: 'string', text: 'string' },
  removeQueued: { id: 'string' },
  sendNow: { id: 'string?', text: 'string?', context: 'context?' },
  pickContext: {},
  cancel: {},
  cancelSubagent: { sessionId: 'string' },
  permission: { permissionId: 'string', optionId: 'string|null' },
  setMode: { modeId: 'string' },
  setConfigOption: { configId: 'string', value: 'string|boolean' },
  authenticate: { methodId: 'string' },
  restartAgent: {},
  newChat: { agentId: 'string?' },
  openLocation: { path: 'string', line: 'number|null?' },
  openPath: { path: 'string', line: 'number|null?', column: 'number|null?' },
  openDiff: { path: 'string', fromRevision: 'revision', revision: 'revision' },
  copy: { text: 'string' },
  showLog: {},
  configureAgents: {},
  stopTerminal: { terminalId: 'string' },
  openTerminal: { terminalId: 'string' },
  reviewFile: { path: 'string', action: 'string' },
  reviewSession: { action: 'string' },
  restoreCheckpoint: { entryId: 'string' },
  applyCode: { entryId: 'string', path: 'string', key: 'string' },
  editMessage: { entryId: 'string', text: 'string', context: 'context?' },
  elicitation: { elicitationId: 'string', action: 'string', values: 'object?' },
  showChat: { threadId: 'string' },
  closeChat: { threadId: 'string' },
  openChatInEditor: { threadId: 'string' },
};

/** The message if it is a well-formed WebviewToHost, else null. */
export function parseWebviewMessage(raw: unknown): WebviewToHost | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(SHAPES, type)) return null;
  const shape = SHAPES[type as WebviewToHost['type']];
  if (!fits(record.threadId, 'string?')) return null;
  for (const [field, kind] of Object.entries(shape)) {
    if (!fits(record[field], kind)) return null;
  }
  return record as unknown as WebviewToHost;
}

function fits(value: unknown, kind: Shape[string]): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'string?':
      return value === undefined || typeof value === 'string';
    case 'string|null':
      return value === null || typeof value === 'string';
    case 'string|boolean':
      return typeof value === 'string' || typeof value === 'boolean';
    case 'context?':
      return parseContextRefs(value) !== null;
    case 'number|null?':
      return value === undefined || value === null || (typeof value === 'number' && Number.isFinite(value));
    case 'object?':
      return value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value));
    case 'revision':
      return Number.isSafeInteger(value) && (value as number) > 0;
    case 'count':
      return Number.isSafeInteger(value) && (value as number) >= 0;
  }
}

/** ACP lines are 1-based; 0, negatives and fractions clamp to a valid line. null: no line. */
export function clampLine(line: number | null | undefined): number | null {
  if (line === undefined || line === null) return null;
  return Math.max(1, Math.floor(line));
}
