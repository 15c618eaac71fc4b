// Signing in to an agent the ways it offers (src/agents/authMethods.ts decides which): a terminal method runs in a
// VS Code terminal (signInTerminal.ts) and succeeds on exit code 0; an env-var method asks for its keys, keeps
// them in SecretStorage (one entry per agent, never in settings) and gives them to the agent's environment on
// every start; every kept key goes to the redactor so the traffic and agent logs never show it. Sign Out forgets
// the kept keys (the agent's own `logout` is the session layer's part).
import * as vscode from 'vscode';
import type { AgentConfig } from '../../agents/config';
import type { SignInOutcome, SignInPlan } from '../../agents/authMethods';
import type { SecretRedactor } from '../../agents/secretRedactor';
import { runTerminalSignIn } from './signInTerminal';

const KEY_PREFIX = 'switchboard.agentEnv.';
/** A key longer than this is a paste gone wrong, not a key. */
const MAX_KEY_LENGTH = 16 * 1024;

export class SignInFeature {
  /** Keys read from SecretStorage, per agent id (read once per agent; the store is the truth). */
  private readonly keys = new Map<string, Record<string, string>>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly redactor: SecretRedactor,
    private readonly cwd: () => string,
  ) {}

  /** The environment the agent gets on top of its own (the keys it was given at sign-in). */
  async envFor(agentId: string): Promise<Record<string, string>> {
    let keys = this.keys.get(agentId);
    if (!keys) {
      keys = parseKeys(await this.secrets.get(KEY_PREFIX + agentId));
      this.keys.set(agentId, keys);
      for (const value of Object.values(keys)) this.redactor.add(value);
    }
    return keys;
  }

  /** Runs the method's client side; for `agent` methods there is none (the session layer sends `authenticate`). */
  async signIn(agent: AgentConfig, plan: SignInPlan): Promise<SignInOutcome> {
    if (plan.kind === 'agent') return { kind: 'signedIn' };
    if (plan.kind === 'envVar') return this.askKeys(agent, plan);
    const env = { ...stringEnv(process.env), ...(await this.envFor(agent.id)), ...plan.env };
    const result = await runTerminalSignIn({
      title: vscode.l10n.t('Sign in: {0}', agent.displayName),
      command: plan.command,
      args: plan.args,
      cwd: this.cwd(),
      env,
    });
    if (result.kind === 'closed') return { kind: 'cancelled' };
    return result.code === 0
      ? { kind: 'signedIn' }
      : {
          kind: 'failed',
          message: vscode.l10n.t('The sign-in in the terminal exited with code {0}.', String(result.code)),
        };
  }

  /** Keeps keys for an agent (what askKeys does after the input boxes; tests call it directly). */
  async storeKeys(agentId: string, values: Record<string, string>): Promise<void> {
    const keys = { ...(await this.envFor(agentId)), ...values };
    for (const value of Object.values(values)) this.redactor.add(value);
    await this.secrets.store(KEY_PREFIX + agentId, JSON.stringify(keys));
    this.keys.set(agentId, keys);
  }

  /** Forgets the agent's kept keys; true when there were some. */
  async forget(agentId: string): Promise<boolean> {
    const had = Object.keys(await this.envFor(agentId)).length > 0;
    this.keys.set(agentId, {});
    await this.secrets.delete(KEY_PREFIX + agentId);
    return had;
  }

  private async askKeys(agent: AgentConfig, plan: Extract<SignInPlan, { kind: 'envVar' }>): Promise<SignInOutcome> {
    const values: Record<string, string> = {};
    for (const request of plan.vars) {
      const value = await vscode.window.showInputBox({
        title: vscode.l10n.t('Sign in to {0}: {1}', agent.displayName, plan.name),
        prompt: vscode.l10n.t(
          "{0} ({1}){2}. Kept in VS Code's secret storage and given to the agent in its environment; never written to settings or logs.{3}",
          request.label,
          request.name,
          request.optional ? vscode.l10n.t(', optional') : '',
          plan.link ? vscode.l10n.t(' Get one at {0}', plan.link) : '',
        ),
        password: request.secret,
        ignoreFocusOut: true,
        validateInput: (text) =>
          text.length > MAX_KEY_LENGTH
            ? vscode.l10n.t('That is too long to be a key.')
            : !request.optional && text.trim() === ''
              ? vscode.l10n.t('Required.')
              : undefined,
      });
      if (value === undefined) return { kind: 'cancelled' };
      if (value.trim() !== '') values[request.name] = value.trim();
    }
    await this.storeKeys(agent.id, values);
    return { kind: 'signedIn' };
  }
}

function parseKeys(stored: string | undefined): Record<string, string> {
  if (!stored) return {};
  try {
    const parsed = JSON.parse(stored) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
