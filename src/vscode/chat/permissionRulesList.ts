// "Switchboard: Permission Rules": every rule, what it answered, and its buttons: apply it in all workspaces or
// in this one, widen a rule for one command to the commands that start with words the user picks (shown in
// full, never chosen for them), remove it.
import * as vscode from 'vscode';
import { describeRule, type PermissionRule } from '../../chat/permissionRules';
import { commandPrefixChoices } from '../../chat/commandRules';
import type { PermissionRuleStore } from './permissionPolicy';

type RuleItem = vscode.QuickPickItem & { rule: PermissionRule };

export function showRules(store: PermissionRuleStore, agentName: (agentId: string) => string): void {
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
  const widen: vscode.QuickInputButton = {
    iconPath: new vscode.ThemeIcon('list-tree'),
    tooltip: vscode.l10n.t('Allow commands starting with…'),
  };
  const fill = (): void => {
    const rules = store.rules();
    pick.placeholder = rules.length
      ? vscode.l10n.t(
          'Rules made by "Always allow" / "Always reject": each applies in this workspace or in all of them (its first button), and its last button removes it.',
        )
      : vscode.l10n.t('No rules yet: "Always allow" or "Always reject" on a permission request makes one.');
    pick.items = rules.map((rule) => ({
      rule,
      label: describeRule(rule),
      description: `${agentName(rule.agentId)} · ${rule.scope === 'user' ? vscode.l10n.t('all workspaces') : vscode.l10n.t('this workspace')}`,
      detail: [scopeDetail(rule), answeredDetail(rule)].join(' · '),
      buttons: [
        rule.scope === 'workspace' ? toUser : toWorkspace,
        ...(rule.command && commandPrefixChoices(rule.command).length > 0 ? [widen] : []),
        remove,
      ],
    }));
  };
  fill();
  const subscription = store.onDidChange(fill);
  pick.onDidTriggerItemButton(({ item, button }) => {
    if (button === remove) void store.remove(item.rule.id);
    else if (button === widen) void choosePrefix(store, item.rule);
    else void store.setScope(item.rule.id, item.rule.scope === 'workspace' ? 'user' : 'workspace');
  });
  pick.onDidHide(() => {
    subscription.dispose();
    pick.dispose();
  });
  pick.show();
}

/** What the rule covers, in words: the part describeRule leaves out. */
function scopeDetail(rule: PermissionRule): string {
  if (rule.kind === 'execute') {
    if (rule.command) return vscode.l10n.t('this command exactly');
    if (rule.prefix) {
      return vscode.l10n.t('commands starting with these words, except arguments that run programs or write files');
    }
  }
  if (rule.decision === 'allow' && ['read', 'edit', 'delete', 'move', 'search'].includes(rule.kind)) {
    return vscode.l10n.t('files inside the workspace folders, except files that configure what runs');
  }
  return rule.decision === 'allow' && rule.kind === 'fetch' && rule.origin
    ? vscode.l10n.t('this host only')
    : vscode.l10n.t('every request of this kind');
}

function answeredDetail(rule: PermissionRule): string {
  if (!rule.answered) return vscode.l10n.t('Has not answered anything yet');
  return rule.answered === 1
    ? vscode.l10n.t('Answered 1 request; last: {0}', rule.lastAnswered ?? '')
    : vscode.l10n.t('Answered {0} requests; last: {1}', rule.answered, rule.lastAnswered ?? '');
}

/** The user picks the leading words, each choice shown whole; nothing is chosen for them. */
async function choosePrefix(store: PermissionRuleStore, rule: PermissionRule): Promise<void> {
  const choices = rule.command ? commandPrefixChoices(rule.command) : [];
  const picked = await vscode.window.showQuickPick(
    choices.map((prefix) => ({
      prefix,
      label: vscode.l10n.t('Allow commands starting with: {0}', prefix.join(' ')),
      detail: vscode.l10n.t(
        'Arguments after these words that run programs or write files (such as -exec, --output, --config) are still asked.',
      ),
    })),
    { title: vscode.l10n.t('Widen the rule for "{0}"', rule.command?.join(' ') ?? '') },
  );
  if (picked) await store.widen(rule.id, picked.prefix);
}
