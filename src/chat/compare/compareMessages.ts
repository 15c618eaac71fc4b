// The comparison page's messages as the host takes them: each checked against the shape its type says (ids and
// texts bounded) before it acts; anything else is dropped.
import type { CompareFromWebview } from '../../shared/compare';
import { clampPosition, MAX_PATH_CHARS } from '../pathTarget';

/** The most text a follow-up may carry from the page (a prompt, not a file). */
const MAX_FOLLOW_UP_CHARS = 256 * 1024;
/** A code block of an answer (bounded like the answer itself). */
const MAX_COPY_CHARS = 1024 * 1024;

function num(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

/** The page's message if it has the shape its type says (ids and texts bounded), else undefined. */
export function checkedCompareMessage(raw: unknown): CompareFromWebview | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const message = raw as Record<string, unknown>;
  const id = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length < 200;
  const optionalId = (value: unknown) => value === undefined || id(value);
  switch (message.type) {
    case 'compareReady':
      return { type: 'compareReady' };
    case 'compareTake':
    case 'compareOpenChat':
    case 'compareStop':
    case 'compareShowTestOutput':
      return id(message.threadId) ? { type: message.type, threadId: message.threadId } : undefined;
    case 'compareRunTests':
      return optionalId(message.threadId)
        ? { type: 'compareRunTests', ...(id(message.threadId) ? { threadId: message.threadId } : {}) }
        : undefined;
    case 'compareFollowUp': {
      const { text, threadId } = message;
      if (typeof text !== 'string' || text.trim() === '' || text.length > MAX_FOLLOW_UP_CHARS) return undefined;
      if (!optionalId(threadId)) return undefined;
      return { type: 'compareFollowUp', text, ...(id(threadId) ? { threadId } : {}) };
    }
    case 'compareOpenDiff': {
      const { threadId, path } = message;
      return id(threadId) && typeof path === 'string' && path.length > 0 && path.length < 4096
        ? { type: 'compareOpenDiff', threadId, path }
        : undefined;
    }
    case 'compareOpenPath': {
      const { threadId, path, line, column } = message;
      if (!id(threadId) || typeof path !== 'string' || path.length === 0 || path.length > MAX_PATH_CHARS)
        return undefined;
      return {
        type: 'compareOpenPath',
        threadId,
        path,
        line: clampPosition(num(line)),
        column: clampPosition(num(column)),
      };
    }
    case 'compareCopy': {
      const { text } = message;
      return typeof text === 'string' && text.length <= MAX_COPY_CHARS ? { type: 'compareCopy', text } : undefined;
    }
    default:
      return undefined;
  }
}
