// The header: one line with the agent's name (its tooltip names the model in use), version and Demo
// badge, connection state, session title and context usage. Actions live where VS Code views keep
// them (the view's title bar and its "..." menu: New Chat, Restart Agent, Show Agent Log), so the
// conversation keeps the room in a narrow side bar. The agent picker with New chat is kept here for the empty state (threadView
// places it). Each field is updated in place (usage changes often mid-turn; the agent picker must
// not be rebuilt under the user's mouse).
import { currentModelName } from '../../src/shared/configOptions';
import type { ConnectionState, ThreadState, TurnUsage, UsageView } from '../../src/shared/thread';
import { h, setDataset, setHidden, setText, setTitle } from '../dom';
import { visibleText } from '../visibleText';
import { AgentPicker } from './composer/agentPicker';
import type { Post } from './types';
import type { ViewState } from '../store';
import { t } from '../l10n';

const CONNECTION_LABEL: Record<ConnectionState['kind'], string> = {
  starting: t('Starting'),
  authRequired: t('Sign-in required'),
  authenticating: t('Signing in'),
  ready: t('Ready'),
  failed: t('Failed'),
  stopped: t('Stopped'),
};

export class HeaderView {
  readonly el: HTMLElement;
  private readonly name = h('span', { attrs: { id: 'agent-name' }, class: 'agent-name' });
  private readonly version = h('span', { class: 'agent-version' });
  private readonly demo = h('span', {
    class: 'badge demo-badge',
    text: t('Demo'),
    title: t('Built-in offline demo agent'),
  });
  /** A chat in its own worktree (its folder in the tooltip; the bar above the composer has its actions). */
  private readonly worktree = h('span', { class: 'badge worktree-chip', text: t('Worktree') });
  // The state's word is hidden next to the dot in a narrow side bar (chat.css); it stays for screen readers.
  private readonly connectionLabel = h('span', { class: 'connection-label' });
  private readonly connection = h('span', { class: 'connection-state' }, this.connectionLabel);
  private readonly title = h('span', { attrs: { id: 'session-title' }, class: 'session-title' });
  private readonly usageFill = h('div', { class: 'usage-fill' });
  // The percentage stays in a narrow side bar; the token counts after it give way (chat.css).
  private readonly usagePercent = h('span', { class: 'usage-percent' });
  private readonly usageDetail = h('span', { class: 'usage-detail' });
  private readonly usageText = h('span', { class: 'usage-text' }, this.usagePercent, this.usageDetail);
  private readonly usageBar = h('div', { class: 'usage-bar' }, this.usageFill);
  private readonly usage = h('div', { class: 'usage' }, this.usageBar, this.usageText);
  readonly picker: AgentPicker;

  constructor(post: Post) {
    this.picker = new AgentPicker(post);
    // The page's one heading: the agent, its state and the chat's title.
    const identity = h(
      'h1',
      { class: 'agent-line' },
      this.name,
      this.version,
      this.demo,
      this.worktree,
      this.connection,
      this.title,
    );
    this.el = h('header', { class: 'header' }, identity, this.usage);
  }

  update(view: ViewState): void {
    const thread = view.thread;
    this.picker.update(view.agents, thread?.agent.id ?? view.defaultAgentId);
    this.el.classList.toggle('no-thread', thread === null);
    if (!thread) {
      setText(this.name, t('Switchboard'));
      setTitle(this.name, '');
      setText(this.version, '');
      setText(this.title, '');
      setHidden(this.demo, true);
      setHidden(this.worktree, true);
      setHidden(this.connection, true);
      setHidden(this.usage, true);
      return;
    }
    setText(this.name, agentName(thread));
    const model = currentModelName(thread.configOptions);
    setTitle(this.name, model === null ? '' : t('Model: {0}', visibleText(model, { maxLength: 100 })));
    setText(
      this.version,
      thread.agentInfo?.version ? `v${visibleText(thread.agentInfo.version, { maxLength: 40 })}` : '',
    );
    setHidden(this.demo, !thread.agent.isDemo);
    const worktreeCwd = thread.worktree?.folders?.[0];
    setHidden(this.worktree, typeof worktreeCwd !== 'string');
    setTitle(
      this.worktree,
      typeof worktreeCwd === 'string'
        ? t('This chat works in its own worktree: {0}', visibleText(worktreeCwd, { maxLength: 1000 }))
        : '',
    );
    setText(this.title, visibleText(thread.title));
    setTitle(this.title, lastActivity(thread.updatedAt));
    setHidden(this.title, !thread.title);
    setHidden(this.connection, false);
    setDataset(this.connection, 'state', thread.connection.kind);
    const state = CONNECTION_LABEL[thread.connection.kind] ?? '';
    setText(this.connectionLabel, state);
    setTitle(this.connection, state);
    this.renderUsage(thread.usage, thread.turnUsage);
  }

  /** The context meter (usage_update) and, after it, the token counts the last turn's answer reported. */
  private renderUsage(usage: UsageView | null, turn: TurnUsage | null): void {
    // An agent may report `used: 0` before it has counted anything: an empty meter at "0%" says nothing.
    const context = usage !== null && usage.size > 0 && usage.used > 0 ? usage : null;
    const turnLine = turn ? turnUsageLine(turn) : null;
    setHidden(this.usage, context === null && turnLine === null);
    setHidden(this.usageBar, context === null);
    const parts: string[] = [];
    const tooltip: string[] = [];
    if (context) {
      const percent = Math.min(100, Math.round((context.used / context.size) * 100));
      const cost = context.cost ? ` · ${formatCost(context.cost.amount, context.cost.currency)}` : '';
      parts.push(`${compact(context.used)} / ${compact(context.size)}${cost}`);
      setText(this.usagePercent, `${percent}%`);
      tooltip.push(
        t('Context window: {0} of {1} tokens used', context.used.toLocaleString(), context.size.toLocaleString()),
      );
      setDataset(this.usage, 'level', percent >= 90 ? 'critical' : percent >= 70 ? 'high' : 'normal');
      if (this.usageFill.style.width !== `${percent}%`) this.usageFill.style.width = `${percent}%`; // CSSOM, allowed by the CSP (no style attribute parsing)
    }
    if (turnLine) {
      parts.push(t('{0} tokens last turn', compact(turn!.totalTokens)));
      tooltip.push(turnLine);
    }
    if (!context) setText(this.usagePercent, '');
    setText(this.usageDetail, (context ? [''] : []).concat(parts).join(' · '));
    setTitle(this.usage, tooltip.join('\n'));
  }
}

/**
 * The agent's name as the UI shows it: the name the user gave it in settings, where they gave one (the pickers show
 * it too); else its own title (agentInfo comes from the agent), else the name Switchboard knows it by.
 */
export function agentName(thread: ThreadState): string {
  const userName = thread.agent.namedByUser === true ? thread.agent.displayName : '';
  const name = userName || thread.agentInfo?.title || thread.agent.displayName || thread.agentInfo?.name;
  return visibleText(name || thread.agent.id, {
    maxLength: 100,
  });
}

/** PromptResponse.usage as one tooltip line; null when its counts are not numbers. */
export function turnUsageLine(usage: TurnUsage): string | null {
  const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n.toLocaleString() : null);
  const total = count(usage.totalTokens);
  if (total === null) return null;
  const details = (
    [
      ['input', usage.inputTokens],
      ['output', usage.outputTokens],
      ['thought', usage.thoughtTokens],
      [t('cache read'), usage.cachedReadTokens],
      [t('cache write'), usage.cachedWriteTokens],
    ] as const
  ).flatMap(([name, n]) => (count(n) === null ? [] : [`${name} ${count(n)}`]));
  return t('Last turn: {0} tokens ({1})', total, details.join(', '));
}

/** session_info_update.updatedAt as the title's tooltip: the agent's time, shown in local time when it parses. */
export function lastActivity(updatedAt: string | null): string {
  if (typeof updatedAt !== 'string' || updatedAt === '') return '';
  const time = Date.parse(updatedAt);
  const shown = Number.isNaN(time) ? visibleText(updatedAt, { maxLength: 60 }) : new Date(time).toLocaleString();
  return t('Last activity: {0}', shown);
}

export function compact(n: number): string {
  if (n >= 1_000_000) return `${oneDecimal(n / 1_000_000, n >= 10_000_000)}M`;
  if (n >= 1_000) return `${oneDecimal(n / 1_000, n >= 10_000)}k`;
  return String(n);
}

/** 1.5 and 2 (not 2.0): a decimal only where it says something. */
function oneDecimal(value: number, whole: boolean): string {
  return whole ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, '');
}

export function formatCost(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency,
      maximumFractionDigits: amount < 1 ? 4 : 2,
    }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
