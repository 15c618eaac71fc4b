// Where a session/update (already routed to its thread) becomes thread actions: the gate decides
// (updateGate.ts), this dispatches the result and makes the faults visible: an error entry in the
// thread (the first MAX_PROTOCOL_ERROR_ENTRIES of a thread, then one that says the rest are
// logged: an agent that sends nothing but junk must not bury the chat) and always a log line.
// Tool-call `diff` content leaves its texts with the keeper here (toolDiffs.ts). On an ACP v2 connection each
// session has a mapper of its own (protocol/v2/updateMap.ts) behind v2's gate (v2UpdateGate.ts): the same
// actions come out, and the turn's end (v2's idle `state_update`) goes to whoever owns the turn.
import type { ProtocolProblem } from '../../shared/entryReasons';
import { problemWords } from '../../shared/entryWords';
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../../shared/actions';
import type { ToolDiffs } from './toolDiffs';
import { UnknownUpdateLog } from './unknownUpdates';
import { gateSessionUpdate, rawPreview, type Verdict } from './updateGate';
import { SUBAGENT_VARIANTS } from '../../protocol/schemaExtensions';
import { ACP_V2, type AcpVersion } from '../../protocol/v2/negotiation';
import { V2UpdateMapper } from '../../protocol/v2/updateMap';
import { gateV2SessionUpdate } from './v2UpdateGate';

/** What a v2 session's turn-state actions do: go to the turn's owner, or (a replay) change nothing. */
export type TurnStateSink = ((action: Extract<ThreadAction, { type: 'turnEnded' | 'turnFailed' }>) => void) | 'drop';

/** Error entries one thread shows for agent protocol errors; later ones go to the agent log only. */
export const MAX_PROTOCOL_ERROR_ENTRIES = 20;
/** Log lines about faulty updates per thread before only every 1,000th is written (the log is not a sink for a flood). */
export const MAX_FAULT_LOG_LINES = 1000;

export class UpdateIntake {
  private readonly unknownUpdates: UnknownUpdateLog;
  private protocolErrors = 0;
  private faultLines = 0;

  constructor(
    private readonly dispatch: (action: ThreadAction) => void,
    private readonly log: (line: string) => void,
    private readonly toolDiffs: ToolDiffs,
    /** Subagent sessions were advertised to the agent (switchboard.subagents); when not, their updates are ignored. */
    private readonly subagentsOn: () => boolean = () => true,
    /** v2: where a turn's end goes (the chat's turn, session/turn/threadTurn.ts); absent: dispatched. */
    private readonly turnState?: TurnStateSink,
  ) {
    this.unknownUpdates = new UnknownUpdateLog(log);
  }

  /** Said once: the agent sent subagent updates although the client did not advertise them. */
  private subagentsIgnored = false;

  /** The v2 mapper of the session this intake serves now; null on a v1 connection. */
  private mapper: V2UpdateMapper | null = null;

  /** A session opened on a connection of `version`: a v2 one gets a mapper of its own (nothing carried over). */
  speak(version: AcpVersion): void {
    this.mapper = version === ACP_V2 ? new V2UpdateMapper() : null;
  }

  update(notification: acp.SessionNotification): void {
    if (this.mapper) return this.updateV2(notification, this.mapper);
    this.updateV1(notification);
  }

  /**
   * Switchboard's own updates into the session (the editor's MCP tools' cards, src/chat/mcp/toolCards.ts): written in
   * v1's terms whatever the agent speaks, so they take v1's gate on a v2 connection too (v2 has no `tool_call`, and
   * its gate would drop the card a permission is then asked on, leaving "Tool call" with no title and no diff).
   */
  ownUpdate(notification: acp.SessionNotification): void {
    this.updateV1(notification);
  }

  private updateV1(notification: acp.SessionNotification): void {
    if (!this.subagentsOn() && isSubagentVariant(notification.update)) {
      if (!this.subagentsIgnored)
        this.log('[switchboard] ignoring subagent session updates: switchboard.subagents is off (not advertised)');
      this.subagentsIgnored = true;
      return;
    }
    this.take(notification, gateSessionUpdate(notification), (update) => {
      this.unknownUpdates.check(update);
      this.dispatch({ type: 'sessionUpdate', update: this.toolDiffs.update(update) });
    });
  }

  private updateV2(notification: acp.SessionNotification, mapper: V2UpdateMapper): void {
    this.take(notification, gateV2SessionUpdate(notification), (update) => {
      // A message chunk names no file and maps to itself (see takeChunk).
      if (mapper.takeChunk(update)) return this.applyV2({ type: 'sessionUpdate', update });
      const mapped = mapper.map(update);
      for (const action of mapped.actions) this.applyV2(action);
      // A replay is history: the files it names are not changed now.
      if (this.turnState !== 'drop') this.toolDiffs.reportV2(update, this.dispatch);
      if (mapped.note) this.logFault(`[switchboard] ${variantOf(notification)}: ${mapped.note}`);
    });
  }

  /** The gate's verdict acted on, the same for both protocol versions: applied, shown in part, or rejected. */
  private take<Update>(
    notification: acp.SessionNotification,
    verdict: Verdict<Update>,
    apply: (update: Update) => void,
  ): void {
    switch (verdict.kind) {
      case 'unknownVariant':
        this.unknownUpdates.check(notification.update);
        return;
      case 'reject':
        this.reportProtocolError(
          { kind: 'invalidUpdate', variant: variantOf(notification), problem: verdict.problem },
          verdict.raw,
        );
        return;
      case 'apply':
        apply(verdict.update);
        if (verdict.dropped?.length) {
          this.reportProtocolError(
            { kind: 'partialUpdate', variant: variantOf(notification), dropped: verdict.dropped },
            rawPreview(notification.update),
          );
        }
        if (verdict.cuts?.length)
          this.logFault(`[switchboard] bounded a ${variantOf(notification)} update: ${verdict.cuts.join('; ')}`);
        return;
    }
  }

  private applyV2(action: ThreadAction): void {
    const sink = this.turnState;
    if (action.type === 'turnEnded' || action.type === 'turnFailed') {
      if (sink === 'drop') return;
      if (sink) return sink(action);
    }
    if (action.type === 'turnRunning' && sink === 'drop') return;
    this.dispatch(action);
  }

  /** Shown as an entry (the first MAX_PROTOCOL_ERROR_ENTRIES of a thread) and always logged. */
  reportProtocolError(problem: ProtocolProblem, raw?: string): void {
    const { title, detail } = problemWords(problem);
    this.logFault(`[switchboard] ${title}: ${detail}${raw ? `\n  ${raw}` : ''}`);
    this.protocolErrors++;
    if (this.protocolErrors <= MAX_PROTOCOL_ERROR_ENTRIES) {
      this.dispatch({ type: 'protocolError', problem, raw });
    } else if (this.protocolErrors === MAX_PROTOCOL_ERROR_ENTRIES + 1) {
      this.dispatch({ type: 'protocolError', problem: { kind: 'keepsFailing', shown: MAX_PROTOCOL_ERROR_ENTRIES } });
    }
  }

  private logFault(line: string): void {
    this.faultLines++;
    if (this.faultLines <= MAX_FAULT_LOG_LINES) this.log(line);
    else if (this.faultLines % 1000 === 0)
      this.log(`${line}\n  (${this.faultLines} faulty updates so far; only every 1,000th is logged now)`);
  }
}

function isSubagentVariant(update: unknown): boolean {
  const variant = (update as { sessionUpdate?: unknown } | null)?.sessionUpdate;
  return (SUBAGENT_VARIANTS as readonly unknown[]).includes(variant);
}

function variantOf(notification: acp.SessionNotification): string {
  const variant = String((notification.update as { sessionUpdate?: unknown } | null)?.sessionUpdate ?? 'untagged');
  return variant.length > 60 ? `${variant.slice(0, 60)}…` : variant;
}
