// switchboard.acpV2 asks every agent for v2; a v1 agent answers 1, having read the v2 request's capabilities as none
// (v2 has no file system or terminals, and names them elsewhere): it would neither read nor write through the editor
// nor run its commands in the chat's terminals, though the chat goes on in v1. v1 lets a client send `initialize`
// again (the SDK's v1 agents answer a repeat at any time), so such an agent is asked once more in v1's own terms and
// works as it does with the setting off. One that refuses the repeat goes on with its first answer, and its log says so.
import type * as acp from '@agentclientprotocol/sdk';
import { AcpRpcError } from '../../protocol/errors';
import { ACP_V1 } from '../../protocol/v2/negotiation';

/** The agent's answer to `initialize` asked again with `v1`, or `first` when it refused the repeat. */
export async function initializeAgainInV1(
  ask: (params: acp.InitializeRequest) => Promise<acp.InitializeResponse>,
  v1: acp.InitializeRequest,
  first: acp.InitializeResponse,
  log: (line: string) => void,
): Promise<acp.InitializeResponse> {
  try {
    const again = await ask(v1);
    if (again.protocolVersion === ACP_V1) return again;
    log(
      `[switchboard] initialize asked again in v1 was answered with version ${String(again.protocolVersion).slice(0, 40)}: going on with the first answer`,
    );
  } catch (error) {
    // A timeout or a closed connection is the caller's (it stops the agent); an error answer is the agent's no.
    if (!(error instanceof AcpRpcError)) throw error;
    log(
      `[switchboard] the agent refused initialize asked again in v1 (${error.message.slice(0, 200)}): it may not use the editor's files and terminals`,
    );
  }
  return first;
}
