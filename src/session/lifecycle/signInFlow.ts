// Signing in, for one chat. An `agent` method is `authenticate` on the running process. A terminal method (the
// agent's own command in a terminal) and an env-var method (keys kept by the host, given in the agent's
// environment) run on the host (HostEnvironment.signIn), then the process starts again; for env-var methods it
// is then sent `authenticate` as soon as it is initialized (the auth-methods RFD). `auth_required` from any
// request (session/new, load, resume, prompt, set mode, set option) shows the same sign-in card and keeps the
// request to run again once signed in. Sign Out: `logout` where the agent advertises it, and the kept keys are
// forgotten; the agent then starts again signed out.
import { signInPlan } from '../../agents/authMethods';
import { AcpRpcError } from '../../protocol/errors';
import { AgentMethod, ErrorCodes } from '../../protocol/methods';
import { errorMessage } from '../../shared/errorMessage';
import type { Generation } from './generation';
import type { ThreadPort } from '../threadPort';

export interface SignInPort extends ThreadPort {
  /** The chat's latest agent process generation (ended ones too: nothing is sent to them). */
  generation(): Generation | null;
  /** Opens the session on the running process (after `authenticate`). */
  openSession(gen: Generation): Promise<void>;
  /** Stops the process and starts it again (after a sign-in outside it). */
  reconnect(): Promise<void>;
}

export type SignOutResult = 'loggedOut' | 'forgotten' | 'nothing';

export class SignInFlow {
  /** What failed with auth_required, to run again once signed in. */
  private retry: (() => Promise<void>) | null = null;
  /** An env-var method: `authenticate` with it as soon as the restarted process is initialized. */
  private authenticateAfterStart: string | null = null;

  constructor(private readonly port: SignInPort) {}

  /**
   * `auth_required` from a request: shows the sign-in card and keeps `again` for afterwards. False when the
   * error is something else (or the agent offers no way to sign in): the caller reports it as usual.
   */
  required(gen: Generation, error: unknown, again?: () => Promise<void>): boolean {
    if (!(error instanceof AcpRpcError) || error.code !== ErrorCodes.authRequired) return false;
    if (!gen.live || gen.authMethods.length === 0) return false;
    this.retry = again ?? null;
    this.port.dispatch({ type: 'connection', state: { kind: 'authRequired', methods: gen.authMethods } });
    return true;
  }

  /** The extra environment of the agent's process (keys kept at sign-in). */
  async agentEnv(): Promise<Record<string, string>> {
    if (this.port.agent.isDemo) return {};
    try {
      return (await this.port.env.signIn?.agentEnv(this.port.agent.id)) ?? {};
    } catch (error) {
      this.port.log(`[switchboard] the kept sign-in keys could not be read: ${errorMessage(error)}`);
      return {};
    }
  }

  /** The user picked a method on the sign-in card. */
  async authenticate(methodId: string): Promise<void> {
    const { port } = this;
    const gen = port.generation();
    if (!gen?.live || port.current().connection.kind !== 'authRequired') {
      throw new Error('The agent is not waiting for authentication.');
    }
    const method = gen.authMethods.find((candidate) => candidate.id === methodId);
    if (!method) throw new Error(`The agent did not offer the sign-in method ${methodId}.`);
    const plan = signInPlan(method, port.agent);
    port.dispatch({ type: 'connection', state: { kind: 'authenticating', methodId } });
    if (plan.kind === 'agent') return this.authenticateNow(gen, methodId);
    const host = port.env.signIn;
    if (!host) return this.backToCard(gen, new Error('This window cannot run that sign-in method.'));
    const outcome = await host.run(port.agent, plan);
    if (!gen.live) return;
    if (outcome.kind === 'cancelled') return this.backToCard(gen);
    if (outcome.kind === 'failed') return this.backToCard(gen, new Error(outcome.message));
    this.authenticateAfterStart = plan.kind === 'envVar' ? methodId : null;
    await port.reconnect();
    await this.runRetry();
  }

  /**
   * After `initialize` of a process: the pending env-var `authenticate`. False when it failed (the card is
   * back); the session is not opened then.
   */
  async afterInitialize(gen: Generation): Promise<boolean> {
    const methodId = this.authenticateAfterStart;
    if (!methodId) return true;
    this.authenticateAfterStart = null;
    try {
      await gen.connection.rpc.request(AgentMethod.authenticate, { methodId });
      return true;
    } catch (error) {
      if (!gen.live || !(error instanceof AcpRpcError)) return false;
      this.port.log(`[switchboard] authenticate ${methodId} failed: ${error.message}`);
      this.port.dispatch({ type: 'connection', state: { kind: 'authRequired', methods: gen.authMethods } });
      return false;
    }
  }

  /** Sign Out: `logout` where advertised, the kept keys forgotten, then the agent starts again. */
  async signOut(): Promise<SignOutResult> {
    const { port } = this;
    const gen = port.generation();
    let loggedOut = false;
    if (gen?.live && port.current().agentCapabilities?.auth?.logout != null) {
      await gen.connection.rpc.request(AgentMethod.logout, {});
      loggedOut = true;
    }
    const forgotten = (await port.env.signIn?.forget(port.agent.id)) ?? false;
    if (!loggedOut && !forgotten) return 'nothing';
    this.retry = null;
    await port.reconnect();
    return loggedOut ? 'loggedOut' : 'forgotten';
  }

  private async authenticateNow(gen: Generation, methodId: string): Promise<void> {
    try {
      await gen.connection.rpc.request(AgentMethod.authenticate, { methodId });
    } catch (error) {
      if (!gen.live || !(error instanceof AcpRpcError)) return; // the agent went away: its failure shows
      return this.backToCard(gen, new Error(`Authentication failed: ${error.message}`, { cause: error }));
    }
    if (!gen.live) return;
    if (gen.hasSession) this.port.dispatch({ type: 'connection', state: { kind: 'ready' } });
    else await this.port.openSession(gen);
    await this.runRetry();
  }

  /** The card again; `error` (if any) goes to the glue to show. */
  private backToCard(gen: Generation, error?: Error): void {
    if (!gen.live) return;
    this.port.dispatch({ type: 'connection', state: { kind: 'authRequired', methods: gen.authMethods } });
    if (error) throw error;
  }

  private async runRetry(): Promise<void> {
    const retry = this.retry;
    this.retry = null;
    if (retry && this.port.current().connection.kind === 'ready') await retry();
  }
}

/** The host's part of signing in (src/vscode/agents/signInFeature.ts). */
export type { SignInOutcome, SignInPlan } from '../../agents/authMethods';
