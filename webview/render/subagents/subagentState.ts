// How a subagent's state reads in the UI: the card's badge, the breadcrumb, what a screen reader
// hears. One place, so the card, the child's own view and the announcements say the same word.
// The agent's values pick our words and classes only when we know them; another state is shown as
// the agent sent it, as text.
import type { SubagentCard, SubagentWork } from '../../../src/shared/subagentTypes';
import { visibleText } from '../../visibleText';
import { t } from '../../l10n';

/** Our classes for a state (media/chat.css `.subagent-state[data-work]`). */
export type WorkKind = 'unset' | 'running' | 'waiting' | 'done' | 'stopped' | 'failed' | 'unknown' | 'other';

export interface WorkLook {
  kind: WorkKind;
  /** The badge's word ("" for a state never reported: no badge). */
  label: string;
  /** The failure's message, as text (null unless it ended in one). */
  error: string | null;
}

const IDLE_LABELS: Record<string, { kind: WorkKind; label: string }> = {
  end_turn: { kind: 'done', label: t('Done') },
  cancelled: { kind: 'stopped', label: t('Stopped') },
  error: { kind: 'failed', label: t('Failed') },
  max_tokens: { kind: 'stopped', label: t('Stopped: token limit') },
  max_turn_requests: { kind: 'stopped', label: t('Stopped: request limit') },
  refusal: { kind: 'stopped', label: t('Refused') },
};

/** The card's state as shown: a child waiting for the user says so whatever its work state. */
export function workLook(card: Pick<SubagentCard, 'work' | 'activity'>): WorkLook {
  if (waitsForUser(card)) return { kind: 'waiting', label: t('Waiting for you'), error: null };
  return lookOf(card.work);
}

function lookOf(work: SubagentWork | null | undefined): WorkLook {
  const none = { error: null };
  switch (work?.state) {
    case 'running':
      return { ...none, kind: 'running', label: t('Running') };
    case 'unknown':
      return { ...none, kind: 'unknown', label: t('Unknown') };
    case 'idle': {
      const reason = typeof work.stopReason === 'string' ? work.stopReason : 'end_turn';
      const error = typeof work.error === 'string' && work.error !== '' ? visibleText(work.error, ERROR_TEXT) : null;
      const known = Object.hasOwn(IDLE_LABELS, reason) ? IDLE_LABELS[reason]! : null;
      if (error !== null) return { kind: 'failed', label: t('Failed'), error };
      if (known) return { ...known, error: reason === 'error' ? t('It ended with an error.') : null };
      return { ...none, kind: 'stopped', label: t('Stopped: {0}', visibleText(reason, { maxLength: 60 })) };
    }
    case 'other':
      return { ...none, kind: 'other', label: visibleText(work.name, { maxLength: 60 }) || t('Unknown') };
    case 'requires_action':
      return { ...none, kind: 'waiting', label: t('Waiting for you') };
    default:
      return { ...none, kind: 'unset', label: '' };
  }
}

const ERROR_TEXT = { multiline: true, maxLength: 2000 };

/** The child waits on the user: the agent says so, or it has a permission request or form open. */
export function waitsForUser(card: Pick<SubagentCard, 'work' | 'activity'>): boolean {
  const waiting = card.activity?.waiting;
  return card.work?.state === 'requires_action' || (typeof waiting === 'number' && waiting > 0);
}

/** Stop applies: the agent lets the client cancel this child, and it is at work. */
export function canStop(card: Pick<SubagentCard, 'work' | 'cancellable'>): boolean {
  return card.cancellable === true && (card.work?.state === 'running' || card.work?.state === 'requires_action');
}

/** "3 messages · 5 tool calls" (only the counts there are). */
export function activityCounts(card: Pick<SubagentCard, 'activity'>): string {
  const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
  const messages = count(card.activity?.messages);
  const tools = count(card.activity?.toolCalls);
  const parts: string[] = [];
  if (messages > 0) parts.push(messages === 1 ? t('1 message') : t('{0} messages', messages));
  if (tools > 0) parts.push(tools === 1 ? t('1 tool call') : t('{0} tool calls', tools));
  return parts.join(' · ');
}
