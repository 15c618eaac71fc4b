// What a screen reader hears of the chat's subagents: a subagent's state changing (it started, it waits
// for the user, it is done, stopped or failed), said politely by the announcer (announcer.ts). A chat
// shown anew says nothing of the states already on screen.
import type { ThreadState } from '../../../src/shared/thread';
import { t } from '../../l10n';
import type { SessionDirectory } from './sessions';
import { workLook, type WorkLook } from './subagentState';

export class SubagentNews {
  private threadId: string | null = null;
  private subagents: unknown = undefined;
  private entries: unknown = undefined;
  /** Each subagent's state as last said (its kind and word). */
  private states = new Map<string, string>();

  /** The sentences for the subagents whose state changed since the last call. */
  changes(thread: ThreadState, sessions: SessionDirectory): string[] {
    const fresh = thread.key.threadId !== this.threadId;
    if (!fresh && thread.subagents === this.subagents && thread.entries === this.entries) return [];
    this.threadId = thread.key.threadId;
    this.subagents = thread.subagents;
    this.entries = thread.entries;
    const ids = typeof thread.subagents === 'object' && thread.subagents !== null ? Object.keys(thread.subagents) : [];
    const states = new Map<string, string>();
    const said: string[] = [];
    for (const id of ids) {
      const card = sessions.card(id);
      if (!card) continue;
      const look = workLook(card);
      const state = `${look.kind}:${look.label}`;
      states.set(id, state);
      if (!fresh && look.label !== '' && this.states.get(id) !== state) said.push(sentence(sessions.title(id), look));
    }
    this.states = states;
    return said;
  }
}

function sentence(title: string, look: WorkLook): string {
  return look.kind === 'waiting'
    ? t('Subagent {0} is waiting for you.', title)
    : t('Subagent {0}: {1}.', title, look.label);
}
