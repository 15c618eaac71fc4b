// The VS Code side of permission rules (src/chat/permissionRules.ts): rules kept in globalState
// (user scope) and workspaceState (workspace scope), never in a settings file a cloned repository
// could bring; the per-chat auto-approve mode, shown in the status bar while it is on; the command
// "Switchboard: Permission Rules" listing the rules, what they answered, each removable.
import * as vscode from 'vscode';
import type * as acp from '@agentclientprotocol/sdk';
import type { PermissionPolicy, PolicyAnswer } from '../../session/api';
import { toolTitle } from '../../shared/entryWords';
import type { ToolCallView } from '../../shared/thread';
import {
  automaticAnswer,
  describeRule,
  rulesFromClick,
  sameRule,
  type AutoApproveMode,
  type PermissionRule,
  type RuleScope,
} from '../../chat/permissionRules';
import { workspaceFolderPaths } from '../fs/fsHandlers';
import { permissionSubject } from './permissionSubjects';
import type { Disposable } from '../../shared/disposableStore';

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
    /** Where rules for files apply: the workspace's file folders. */
    private readonly workspaceFolders: () => readonly string[] = workspaceFolderPaths,
  ) {}

  rules(): PermissionRule[] {
    return [...this.read('workspace'), ...this.read('user')];
  }

  /**
   * folders: where this chat's rules for files apply (a chat in its own worktree: its folders, so a rule made for the
   * workspace's files never answers its request to touch them); absent: the workspace's file folders.
   */
  policy(agentId: string, threadId: string, folders?: readonly string[]): PermissionPolicy {
    const where = folders ? () => folders : this.workspaceFolders;
    return {
      answer: (tool, options) => this.answer(agentId, threadId, tool, options, where()),
      chosen: (tool, option) => void this.learn(agentId, tool, option, where()),
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

  /**
   * Replaces a rule for one command by a prefix rule the user chose in the rules list ("Allow commands starting
   * with …"); the prefix never covers arguments that run programs or write files (src/chat/commandOptions.ts).
   */
  async widen(id: string, prefix: string[]): Promise<void> {
    for (const scope of ['workspace', 'user'] as const) {
      const rule = this.read(scope).find((r) => r.id === id);
      if (!rule?.command || prefix.length === 0 || prefix.some((w, i) => rule.command![i] !== w)) continue;
      const { id: keptId, agentId, kind, decision } = rule;
      const widened: PermissionRule = { id: keptId, agentId, kind, decision, scope, prefix, answered: 0 };
      await this.update(scope, (rules) => {
        const others = rules.filter((r) => r.id !== id);
        return others.some((r) => sameRule(r, widened)) ? others : [...others, widened];
      });
    }
  }

  private async answer(
    agentId: string,
    threadId: string,
    tool: ToolCallView,
    options: readonly acp.PermissionOption[],
    folders: readonly string[],
  ): Promise<PolicyAnswer | undefined> {
    const subject = await permissionSubject(agentId, tool, folders);
    const answer = automaticAnswer(this.rules(), this.mode(threadId), subject, options);
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
        r.id === rule.id ? { ...r, answered: r.answered + 1, lastAnswered: toolTitle(tool).slice(0, MAX_TITLE) } : r,
      ),
    );
    const note =
      rule.decision === 'allow'
        ? vscode.l10n.t('Allowed by rule: {0} ({1})', describeRule(rule), rule.scope)
        : vscode.l10n.t('Rejected by rule: {0} ({1})', describeRule(rule), rule.scope);
    return { optionId: answer.optionId, note };
  }

  /** "Always allow" / "Always reject" become rules; a request no rule can describe safely stays asked. */
  private async learn(
    agentId: string,
    tool: ToolCallView,
    option: acp.PermissionOption,
    folders: readonly string[],
  ): Promise<void> {
    if (option.kind !== 'allow_always' && option.kind !== 'reject_always') return;
    const decision = option.kind === 'allow_always' ? 'allow' : 'reject';
    const bodies = rulesFromClick(await permissionSubject(agentId, tool, folders), decision);
    if (!bodies) return;
    const scope: RuleScope = this.hasWorkspace() ? 'workspace' : 'user';
    const made = bodies.map((body): PermissionRule => ({
      id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      agentId,
      ...body,
      scope,
      answered: 0,
    }));
    await this.update(scope, (rules) => {
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
    optionalWords(r.prefix) &&
    optionalWords(r.command) &&
    (r.origin === undefined || typeof r.origin === 'string')
  );
}

function optionalWords(words: unknown): boolean {
  return words === undefined || (Array.isArray(words) && words.every((w) => typeof w === 'string'));
}

/** The chat the auto-approve commands and the status bar item are about. */
export type AutoApproveChat = () => { threadId: string; agentName: string } | undefined;

/** The status bar item of the active chat's auto-approve mode (shown while it is on). */
export function autoApproveStatus(
  store: PermissionRuleStore,
  activeThread: AutoApproveChat,
  onDidChangeActive: (listener: () => void) => Disposable,
): vscode.Disposable {
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
  return vscode.Disposable.from(status, store.onDidChange(refresh), onDidChangeActive(refresh));
}

/** "Switchboard: Auto-approve in This Chat...": the mode of the active chat. */
export async function pickAutoApprove(store: PermissionRuleStore, activeThread: AutoApproveChat): Promise<void> {
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
}
