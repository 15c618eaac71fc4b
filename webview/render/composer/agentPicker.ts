// "New chat" with an agent picker: a <select> of configured agents next to the button, then the registry agents
// found on this machine in their own group (each titled with where it was found). With no agents known the
// button asks the host to let the user pick (newChat without agentId).
import type { AgentChoice } from '../../../src/shared/messages';
import { button, h } from '../../dom';
import type { Post } from '../types';
import { t } from '../../l10n';

export class AgentPicker {
  readonly el: HTMLElement;
  readonly select: HTMLSelectElement;
  private agents: AgentChoice[] | null = null;
  private selectedId: string | null = null;

  constructor(post: Post) {
    this.select = h('select', { class: 'agent-picker', attrs: { 'aria-label': t('Agent for the new chat') } });
    const newChat = button(t('New chat'), 'new-chat primary', () => {
      const agentId = this.select.value;
      post(agentId ? { type: 'newChat', agentId } : { type: 'newChat' });
    });
    this.el = h('div', { class: 'new-chat-group' }, this.select, newChat);
  }

  /** `selectedId`: the shown chat's own agent (else the default): when it changes, the picker follows it. */
  update(agents: AgentChoice[], selectedId: string): void {
    if (agents === this.agents && selectedId === this.selectedId) return;
    const chatChanged = selectedId !== this.selectedId;
    this.selectedId = selectedId;
    if (agents === this.agents) {
      if (chatChanged && agents.some((a) => a.id === selectedId)) this.select.value = selectedId;
      return;
    }
    this.agents = agents;
    const keep = chatChanged ? selectedId : this.select.value;
    const option = (agent: AgentChoice) => {
      const title =
        agent.foundAt === undefined ? agent.commandLine : t('Found on this machine: {0}', agent.commandLine);
      const element = h('option', {
        text: agent.isDemo ? t('{0} (Demo)', agent.displayName) : agent.displayName,
        title,
      });
      element.value = agent.id;
      return element;
    };
    const found = agents.filter((agent) => agent.foundAt !== undefined);
    const group = h('optgroup', { attrs: { label: t('Found on this machine') } }, ...found.map(option));
    this.select.replaceChildren(
      ...agents.filter((agent) => agent.foundAt === undefined).map(option),
      ...(found.length > 0 ? [group] : []),
    );
    // Keep the user's pick across list refreshes; otherwise preselect the current/default agent.
    const wanted = agents.some((a) => a.id === keep) ? keep : selectedId;
    if (agents.some((a) => a.id === wanted)) this.select.value = wanted;
    this.select.hidden = agents.length === 0;
  }
}
