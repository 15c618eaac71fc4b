// What a screen reader hears without moving focus: when a turn ends (and how), when the agent asks
// for permission, with its options, and when a subagent's state changes (subagentNews.ts). Two visually
// hidden live regions: turn ends and subagents are polite, permission asks are assertive (the agent
// waits on the user). Only changes are announced: a snapshot of a thread
// that is already idle, or a permission already announced, says nothing again.
import { toolTitle } from '../../src/shared/entryWords';
import type { Entry, ThreadState } from '../../src/shared/thread';
import { h } from '../dom';
import { visibleText } from '../visibleText';
import { agentName } from './header';
import type { SessionDirectory } from './subagents/sessions';
import { SubagentNews } from './subagents/subagentNews';
import { t } from '../l10n';

/** Permission asks are for recent tool calls: only this many last entries are looked at per render. */
const RECENT_ENTRIES = 20;

/** What a screen reader hears when a turn ends, by stop reason; whole sentences, so they translate. */
function turnEndSentence(reason: string, agent: string): string {
  switch (reason) {
    case 'end_turn':
      return t('{0} finished.', agent);
    case 'cancelled':
      return t('{0} stopped: cancelled.', agent);
    case 'max_tokens':
      return t('{0} stopped: it reached its token limit.', agent);
    case 'max_turn_requests':
      return t('{0} stopped: it reached its request limit.', agent);
    case 'refusal':
      return t('{0} refused to continue.', agent);
    case 'error':
      return t('{0} stopped with an error.', agent);
    default:
      return t('{0} stopped.', agent);
  }
}

export class Announcer {
  readonly el: HTMLElement;
  private readonly polite = h('div', { attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' } });
  private readonly assertive = h('div', { attrs: { role: 'alert', 'aria-live': 'assertive', 'aria-atomic': 'true' } });
  private threadId: string | null = null;
  private running = false;
  private lastEntries: Entry[] | null = null;
  private readonly announced = new Set<string>();
  private readonly subagents = new SubagentNews();

  constructor() {
    this.el = h('div', { class: 'sr-only' }, this.polite, this.assertive);
  }

  update(thread: ThreadState | null, sessions?: SessionDirectory): void {
    if (!thread) {
      this.threadId = null;
      return;
    }
    const news = sessions ? this.subagents.changes(thread, sessions) : [];
    const fresh = thread.key.threadId !== this.threadId;
    const running = thread.turn.kind !== 'idle';
    if (fresh) {
      // A chat shown anew (or switched to): what is on screen is not news.
      this.threadId = thread.key.threadId;
      this.running = running;
      this.announced.clear();
      this.scanPermissions(thread, false);
      this.lastEntries = thread.entries;
      return;
    }
    const polite = this.running && !running ? [this.turnEnded(thread), ...news] : news;
    if (polite.length > 0) this.say(this.polite, polite.join(' '));
    this.running = running;
    if (thread.entries !== this.lastEntries) {
      this.lastEntries = thread.entries;
      this.scanPermissions(thread, true);
    }
  }

  private turnEnded(thread: ThreadState): string {
    const last = thread.entries.at(-1);
    const reason = last?.kind === 'turnEnd' ? last.stopReason : 'end_turn';
    return turnEndSentence(reason, agentName(thread));
  }

  private scanPermissions(thread: ThreadState, speak: boolean): void {
    const entries = Array.isArray(thread.entries) ? thread.entries : [];
    for (const entry of entries.slice(-RECENT_ENTRIES)) {
      const permission = entry?.kind === 'tool' ? entry.tool.permission : null;
      if (!permission || permission.state?.kind !== 'pending' || this.announced.has(permission.permissionId)) continue;
      this.announced.add(permission.permissionId);
      if (!speak || entry.kind !== 'tool') continue;
      const options = (Array.isArray(permission.options) ? permission.options : [])
        .map((option) => visibleText(option?.name, { maxLength: 60 }))
        .join(', ');
      this.say(
        this.assertive,
        t(
          '{0} asks permission: {1}. Options: {2}.',
          agentName(thread),
          visibleText(toolTitle(entry.tool), { maxLength: 200 }),
          options,
        ),
      );
    }
  }

  private say(region: HTMLElement, text: string): void {
    // The same text twice in a row is still announced: the region is emptied first.
    region.textContent = '';
    region.textContent = text;
  }
}
