// The VS Code side of permission rules (src/chat/permissionRules.ts): rules kept in globalState
// (user scope) and workspaceState (workspace scope), never in a settings file a cloned repository
// could bring; the per-chat auto-approve mode, shown in the status bar while it is on; the command
// "Switchboard: Permission Rules" listing the rules, what they answered, each removable.
import * as vscode from 'vscode';
import type * as acp from '@agentclientprotocol/sdk';
import type { PermissionPolicy } from '../../session/api';
import type { ToolCallView } from '../../shared/thread';
import {
  automaticAnswer,
  commandOf,
  describeRule,
  rulePrefixes,
  type AutoApproveMode,
  type PermissionRule,
  type PermissionSubject,
  type RuleScope,
} from '../../chat/permissionRules';

const KEY = 'switchboard.permissionRules';
/** Per scope; a click per rule, so far more than anyone makes. */
const MAX_RULES = 500;
const MAX_TITLE = 200;

export class PermissionRuleStore {
  private readonly modes = new Map<string, Exclude<AutoApproveMode, 'off'>>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly user: vscode.Memento,
    private readonly workspace: vscode.Memento,
    private readonly hasWorkspace: () => boolean,
  ) {}

  rules(): PermissionRule[] {
    return [...this.read('workspace'), ...this.read('user')];
  }

  policy(agentId: string, threadId: string): PermissionPolicy {
    return {
      answer: (tool, options) => this.answer(agentId, threadId, tool, options),
      chosen: (tool, option) => this.learn(agentId, tool, option),
    };
  }

  mode(threadId: string): AutoApproveMode {
    return this.modes.get(threadId) ?? 'off';
  }

  setMode(threadId: string, mode: AutoApproveMode): void {
    if (mode === 'off') this.modes.delete(threadId);
    else this.modes.set(threadId, mode);
    this.changed.fire();
  }

  async remove(id: string): Promise<void> {
    for (const scope of ['workspace', 'user'] as const) {
      const rules = this.read(scope);
      if (rules.some((r) => r.id === id))
        await this.write(
          scope,
          rules.filter((r) => r.id !== id),
        );
    }
  }

  /**
   * Moves a rule to the other scope (the rules list's button): this workspace only, or every workspace. A rule
   * the target scope already has (the same agent, kind, command and decision) is not added twice.
   */
  async setScope(id: string, scope: RuleScope): Promise<void> {
    const from: RuleScope = scope === 'user' ? 'workspace' : 'user';
    const rule = this.read(from).find((r) => r.id === id);
    if (!rule || (scope === 'workspace' && !this.hasWorkspace())) return;
    const moved = { ...rule, scope };
    await this.update(scope, (rules) => (rules.some((r) => sameRule(r, moved)) ? rules : [...rules, moved]));
    await this.update(from, (rules) => rules.filter((r) => r.id !== id));
  }

  private answer(
    agentId: string,
    threadId: string,
    tool: ToolCallView,
    options: readonly acp.PermissionOption[],
  ): { optionId: string; note: string } | undefined {
    const answer = automaticAnswer(this.rules(), this.mode(threadId), subjectOf(agentId, tool), options);
    if (!answer) return undefined;
    if (answer.by === 'autoApprove') {
      const mode = answer.mode === 'edits' ? vscode.l10n.t('edits only') : vscode.l10n.t('everything');
      return {
        optionId: answer.optionId,
        note: vscode.l10n.t('Allowed automatically: auto-approve ({0}) is on in this chat', mode),
      };
    }
    const rule = answer.rule;
    void this.update(rule.scope, (rules) =>
      rules.map((r) =>
        r.id === rule.id ? { ...r, answered: r.answered + 1, lastAnswered: tool.title.slice(0, MAX_TITLE) } : r,
      ),
    );
    const note =
      rule.decision === 'allow'
        ? vscode.l10n.t('Allowed by rule: {0} ({1})', describeRule(rule), rule.scope)
        : vscode.l10n.t('Rejected by rule: {0} ({1})', describeRule(rule), rule.scope);
    return { optionId: answer.optionId, note };
  }

  /** "Always allow" / "Always reject" become rules; a request no rule can describe safely stays asked. */
  private learn(agentId: string, tool: ToolCallView, option: acp.PermissionOption): void {
    if (option.kind !== 'allow_always' && option.kind !== 'reject_always') return;
    const subject = subjectOf(agentId, tool);
    const prefixes = rulePrefixes(subject);
    if (!prefixes || !subject.kind) return;
    const decision = option.kind === 'allow_always' ? 'allow' : 'reject';
    const scope: RuleScope = this.hasWorkspace() ? 'workspace' : 'user';
    const kind = subject.kind;
    const made = (prefixes === 'wholeKind' ? [undefined] : prefixes).map((prefix): PermissionRule => ({
      id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      agentId,
      kind,
      ...(prefix ? { prefix } : {}),
      decision,
      scope,
      answered: 0,
    }));
    void this.update(scope, (rules) => {
      const fresh = made.filter((m) => !rules.some((r) => sameRule(r, m)));
      return [...rules, ...fresh].slice(-MAX_RULES);
    });
  }

  private read(scope: RuleScope): PermissionRule[] {
    const raw = this.memento(scope).get<unknown>(KEY);
    return Array.isArray(raw) ? raw.filter(isRule) : [];
  }

  private async update(scope: RuleScope, change: (rules: PermissionRule[]) => PermissionRule[]): Promise<void> {
    await this.write(scope, change(this.read(scope)));
  }

  private async write(scope: RuleScope, rules: PermissionRule[]): Promise<void> {
    await this.memento(scope).update(KEY, rules);
    this.changed.fire();
  }

  private memento(scope: RuleScope): vscode.Memento {
    return scope === 'user' ? this.user : this.workspace;
  }
}

function subjectOf(agentId: string, tool: ToolCallView): PermissionSubject {
  return { agentId, kind: tool.kind, command: tool.kind === 'execute' ? commandOf(tool.rawInput) : undefined };
}

function sameRule(a: PermissionRule, b: PermissionRule): boolean {
  return (
    a.agentId === b.agentId &&
    a.kind === b.kind &&
    a.decision === b.decision &&
    (a.prefix ?? []).join('\u0000') === (b.prefix ?? []).join('\u0000')
  );
}

function isRule(raw: unknown): raw is PermissionRule {
  if (typeof raw !== 'object' || raw === null) return false;
  const r = raw as Record<string, unknown>;
  return (
    typeof r.id === 'string' &&
    typeof r.agentId === 'string' &&
    typeof r.kind === 'string' &&
    (r.decision === 'allow' || r.decision === 'reject') &&
    (r.scope === 'user' || r.scope === 'workspace') &&
    typeof r.answered === 'number' &&
    (r.prefix === undefined || (Array.isArray(r.prefix) && r.prefix.every((w) => typeof w === 'string')))
  );
}

/** The two commands and the status bar item of the active chat's auto-approve mode. */
export function registerPermissionRules(
  context: vscode.ExtensionContext,
  store: PermissionRuleStore,
  activeThread: () => { threadId: string; agentName: string } | undefined,
  onDidChangeActive: (listener: () => void) => { dispose(): void },
  agentName: (agentId: string) => string,
): void {
  const status = vscode.window.createStatusBarItem('switchboard.autoApprove', vscode.StatusBarAlignment.Left, 50);
  status.name = vscode.l10n.t('Switchboard Auto-approve');
  status.command = 'switchboard.autoApprove';
  const refresh = (): void => {
    const active = activeThread();
    const mode = active ? store.mode(active.threadId) : 'off';
    if (mode === 'off') {
      status.hide();
      return;
    }
    const agent = active?.agentName ?? vscode.l10n.t('this chat');
    status.text =
      mode === 'edits'
        ? vscode.l10n.t('$(shield) Auto-approve: edits')
        : vscode.l10n.t('$(shield) Auto-approve: everything');
    status.tooltip =
      mode === 'edits'
        ? vscode.l10n.t('Switchboard answers each edit permission request of {0} by itself. Click to change.', agent)
        : vscode.l10n.t('Switchboard answers every permission request of {0} by itself. Click to change.', agent);
    status.backgroundColor = new vscode.ThemeColor(
      mode === 'all' ? 'statusBarItem.errorBackground' : 'statusBarItem.warningBackground',
    );
    status.show();
  };
  context.subscriptions.push(status, store.onDidChange(refresh), onDidChangeActive(refresh));

  context.subscriptions.push(
    vscode.commands.registerCommand('switchboard.autoApprove', async () => {
      const active = activeThread();
      if (!active) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Open a chat first: auto-approve is set per chat.'));
        return;
      }
      const current = store.mode(active.threadId);
      const items: (vscode.QuickPickItem & { mode: AutoApproveMode })[] = [
        {
          mode: 'off',
          label: vscode.l10n.t('Off'),
          detail: vscode.l10n.t('Every permission request is asked (rules still answer).'),
        },
        {
          mode: 'edits',
          label: vscode.l10n.t('Edits only'),
          detail: vscode.l10n.t('File edits are allowed by themselves; they still go through review.'),
        },
        {
          mode: 'all',
          label: vscode.l10n.t('Everything'),
          detail: vscode.l10n.t('Every request the agent makes is allowed, commands included.'),
        },
      ];
      for (const item of items) if (item.mode === current) item.description = vscode.l10n.t('(current)');
      const picked = await vscode.window.showQuickPick(items, {
        title: vscode.l10n.t('Auto-approve in this chat ({0})', active.agentName),
      });
      if (picked) store.setMode(active.threadId, picked.mode);
    }),
    vscode.commands.registerCommand('switchboard.permissionRules', () => showRules(store, agentName)),
  );
}

type RuleItem = vscode.QuickPickItem & { ruleId: string; scope: RuleScope };

function showRules(store: PermissionRuleStore, agentName: (agentId: string) => string): void {
  const pick = vscode.window.createQuickPick<RuleItem>();
  pick.title = vscode.l10n.t('Switchboard: Permission Rules');
  const remove: vscode.QuickInputButton = {
    iconPath: new vscode.ThemeIcon('trash'),
    tooltip: vscode.l10n.t('Remove this rule'),
  };
  // Rules start in this workspace (a folder's trust is not another's); the user widens or narrows each one.
  const toUser: vscode.QuickInputButton = {
    iconPath: new vscode.ThemeIcon('globe'),
    tooltip: vscode.l10n.t('Apply this rule in all workspaces'),
  };
  const toWorkspace: vscode.QuickInputButton = {
    iconPath: new vscode.ThemeIcon('folder'),
    tooltip: vscode.l10n.t('Apply this rule in this workspace only'),
  };
  const fill = (): void => {
    const rules = store.rules();
    pick.placeholder = rules.length
      ? vscode.l10n.t(
          'Rules made by "Always allow" / "Always reject": each applies in this workspace or in all of them (its first button), and its last button removes it.',
        )
      : vscode.l10n.t('No rules yet: "Always allow" or "Always reject" on a permission request makes one.');
    pick.items = rules.map((rule) => ({
      ruleId: rule.id,
      scope: rule.scope,
      label: describeRule(rule),
      description: `${agentName(rule.agentId)} · ${rule.scope === 'user' ? vscode.l10n.t('all workspaces') : vscode.l10n.t('this workspace')}`,
      detail: rule.answered
        ? rule.answered === 1
          ? vscode.l10n.t('Answered 1 request; last: {0}', rule.lastAnswered ?? '')
          : vscode.l10n.t('Answered {0} requests; last: {1}', rule.answered, rule.lastAnswered ?? '')
        : vscode.l10n.t('Has not answered anything yet'),
      buttons: [rule.scope === 'workspace' ? toUser : toWorkspace, remove],
    }));
  };
  fill();
  const subscription = store.onDidChange(fill);
  pick.onDidTriggerItemButton(({ item, button }) => {
    if (button === remove) void store.remove(item.ruleId);
    else void store.setScope(item.ruleId, item.scope === 'workspace' ? 'user' : 'workspace');
  });
  pick.onDidHide(() => {
    subscription.dispose();
    pick.dispose();
  });
  pick.show();
}
