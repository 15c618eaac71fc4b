// Where a session/update (already routed to its thread) becomes thread actions: the gate decides
// (updateGate.ts), this dispatches the result and makes the faults visible: an error entry in the
// thread (the first MAX_PROTOCOL_ERROR_ENTRIES of a thread, then one that says the rest are
// logged: an agent that sends nothing but junk must not bury the chat) and always a log line.
// Tool-call `diff` content leaves its texts with the keeper here (toolDiffs.ts).
import type { ProtocolProblem } from '../../shared/entryReasons';
import { problemWords } from '../../shared/entryWords';
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../../shared/actions';
import type { ToolDiffs } from './toolDiffs';
import { UnknownUpdateLog } from './unknownUpdates';
import { gateSessionUpdate, rawPreview } from './updateGate';
import { SUBAGENT_VARIANTS } from '../../protocol/schemaExtensions';

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
  ) {
    this.unknownUpdates = new UnknownUpdateLog(log);
  }

  /** Said once: the agent sent subagent updates although the client did not advertise them. */
  private subagentsIgnored = false;

  update(notification: acp.SessionNotification): void {
    if (!this.subagentsOn() && isSubagentVariant(notification.update)) {
      if (!this.subagentsIgnored)
        this.log('[switchboard] ignoring subagent session updates: switchboard.subagents is off (not advertised)');
      this.subagentsIgnored = true;
      return;
    }
    const verdict = gateSessionUpdate(notification);
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
        this.unknownUpdates.check(verdict.update);
        this.dispatch({ type: 'sessionUpdate', update: this.toolDiffs.update(verdict.update) });
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
