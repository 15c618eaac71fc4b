// A tool call as a card: kind icon, title, status badge, inline permission request, content
// (text, diffs, terminals), fs writes, locations and raw input/output. Each section is
// re-rendered only when its part of the ToolCallView changed.
import { toolTitle } from '../../../src/shared/entryWords';
import type { Entry, PermissionRequestView, ToolCallView, ToolStatus } from '../../../src/shared/thread';
import { h } from '../../dom';
import { visibleText } from '../../visibleText';
import { handleCopyClicks } from '../markdown/codeBlocks';
import { renderPermission } from './permission';
import {
  renderLocation,
  renderRaw,
  renderToolContent,
  renderWrite,
  ReusingList,
  sameLocation,
  sameToolContent,
  sameWrite,
} from './toolContent';
import type { CardContext, EntryView, Post } from '../types';
import { t } from '../../l10n';

export const STATUS_LABEL: Record<ToolStatus, string> = {
  pending: t('Pending'),
  in_progress: t('Running'),
  completed: t('Completed'),
  failed: t('Failed'),
  cancelled: t('Cancelled'),
  unfinished: t('Unfinished'),
};

const KIND_LABEL: Record<string, string> = {
  read: t('Read'),
  edit: t('Edit'),
  delete: t('Delete'),
  move: t('Move'),
  search: t('Search'),
  execute: t('Run'),
  think: t('Think'),
  fetch: t('Fetch'),
  switch_mode: t('Switch mode'),
  other: t('Tool'),
};

export class ToolCardView implements EntryView {
  readonly el: HTMLElement;
  private readonly card: HTMLElement;
  private readonly icon: HTMLElement;
  private readonly title: HTMLElement;
  private readonly status: HTMLElement;
  private readonly statusLabel: HTMLElement;
  private readonly permissionSlot: HTMLElement;
  private readonly content: ReusingList<ToolCallView['content'][number]>;
  private readonly writes: ReusingList<ToolCallView['writes'][number]>;
  private readonly locations: ReusingList<ToolCallView['locations'][number]>;
  private readonly rawSlot: HTMLElement;
  private last: ToolCallView | null = null;

  constructor(
    entry: Extract<Entry, { kind: 'tool' }>,
    private readonly post: Post,
    private readonly cards: CardContext,
  ) {
    this.el = h('div', { class: 'entry tool', data: { entryId: entry.id } });
    this.icon = h('span', { class: 'tool-icon', attrs: { 'aria-hidden': 'true' } });
    this.title = h('span', { class: 'tool-title' });
    this.statusLabel = h('span', { class: 'status-label' });
    this.status = h(
      'span',
      { class: 'status-badge' },
      h('span', { class: 'status-icon', attrs: { 'aria-hidden': 'true' } }),
      this.statusLabel,
    );
    const header = h('div', { class: 'tool-header' }, this.icon, this.title, this.status);
    this.permissionSlot = h('div', { class: 'permission-slot' });
    const content = h('div', { class: 'tool-content' });
    const writes = h('div', { class: 'tool-writes' });
    const locations = h('div', { class: 'tool-locations' });
    this.rawSlot = h('div', { class: 'raw-slot' });
    handleCopyClicks(content, post);
    this.content = new ReusingList(content, (item) => renderToolContent(item, post, cards), sameToolContent);
    this.writes = new ReusingList(writes, (write) => renderWrite(write, post, cards), sameWrite);
    this.locations = new ReusingList(
      locations,
      (location) => renderLocation(location, post, cards.paths),
      sameLocation,
    );
    this.card = h(
      'div',
      { class: 'tool-card', data: { toolCallId: entry.tool.toolCallId } },
      header,
      this.permissionSlot,
      content,
      writes,
      locations,
      this.rawSlot,
    );
    this.el.appendChild(this.card);
  }

  update(entry: Entry): void {
    if (entry.kind !== 'tool') return;
    const tool = entry.tool;
    const last = this.last;
    if (last?.status !== tool.status || last.kind !== tool.kind || last.title !== tool.title) this.renderHeader(tool);
    if (last?.permission !== tool.permission) this.renderPermission(tool.permission);
    // Before the content places them: a terminal the agent runs itself gets its own widget.
    if (last?.agentTerminals !== tool.agentTerminals) this.cards.terminals.describeAgent(tool.agentTerminals);
    if (last?.content !== tool.content || last?.writes !== tool.writes || last?.agentTerminals !== tool.agentTerminals)
      this.content.update(visibleContent(tool));
    if (last?.writes !== tool.writes) this.writes.update(tool.writes);
    if (last?.locations !== tool.locations) this.locations.update(tool.locations);
    if (last?.rawInput !== tool.rawInput || last?.rawOutput !== tool.rawOutput) {
      this.rawSlot.replaceChildren(
        ...[renderRaw(tool.rawInput, tool.rawOutput)].filter((el): el is HTMLElement => el !== null),
      );
    }
    this.last = tool;
  }

  private renderHeader(tool: ToolCallView): void {
    // Kind and status pick our classes and labels: only known values (own keys, not "constructor").
    const kind = Object.hasOwn(KIND_LABEL, tool.kind) ? tool.kind : 'other';
    const status = Object.hasOwn(STATUS_LABEL, tool.status) ? tool.status : 'pending';
    this.card.dataset.status = status;
    this.card.dataset.kind = kind;
    this.icon.dataset.kind = kind;
    const label = KIND_LABEL[kind]!; // kind is an own key (checked above), or 'other'
    this.icon.title = label;
    this.title.textContent = visibleText(toolTitle(tool)) || label;
    this.status.dataset.status = status;
    this.status.className = `status-badge status-${status}`;
    this.statusLabel.textContent = STATUS_LABEL[status];
  }

  private renderPermission(permission: PermissionRequestView | null): void {
    const shown = this.title.textContent ?? '';
    this.permissionSlot.replaceChildren(...(permission ? [renderPermission(permission, this.post, shown)] : []));
    this.card.classList.toggle('awaiting-permission', permission?.state.kind === 'pending');
  }
}

/**
 * A diff the agent reported for a file it also wrote through fs/write_text_file is shown once:
 * the write card holds what really happened to the buffer, so the agent's own diff is hidden.
 * A terminal the agent reported (terminal_info) but no content item places shows after the content.
 */
function visibleContent(tool: ToolCallView): ToolCallView['content'] {
  // Lists that are not lists go to their section as they are, which shows an error card for them.
  if (!Array.isArray(tool.content) || !Array.isArray(tool.writes)) return tool.content;
  const content = withAgentTerminals(tool.content, tool.agentTerminals);
  if (tool.writes.length === 0) return content;
  const written = new Set(tool.writes.map((write) => write?.path));
  return content.filter((item) => item?.type !== 'diff' || !written.has(item.path));
}

function withAgentTerminals(
  content: ToolCallView['content'],
  terminals: ToolCallView['agentTerminals'],
): ToolCallView['content'] {
  if (!Array.isArray(terminals) || terminals.length === 0) return content;
  const placed = new Set(content.map((item) => (item?.type === 'terminal' ? item.terminalId : undefined)));
  const unplaced = terminals.filter((terminal) => !placed.has(terminal.terminalId));
  if (unplaced.length === 0) return content;
  return [...content, ...unplaced.map((terminal) => ({ type: 'terminal' as const, terminalId: terminal.terminalId }))];
}
