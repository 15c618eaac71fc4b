// An agent that answered 1 to the v2 initialize is asked again in v1's terms (src/session/agent/initializeAgain.ts):
// its second answer is used; a refusal (an error answer) or an answer in another version keeps the first, and the
// agent's log says why; a timeout is the caller's to stop the agent.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { AcpRpcError, AcpTimeoutError } from '../../../src/protocol/errors';
import { initializeAgainInV1 } from '../../../src/session/agent/initializeAgain';

const v1: acp.InitializeRequest = {
  protocolVersion: 1,
  clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true },
};
const first: acp.InitializeResponse = { protocolVersion: 1, agentInfo: { name: 'first', version: '1' } };

function again(answer: () => Promise<acp.InitializeResponse>) {
  const asked: acp.InitializeRequest[] = [];
  const log: string[] = [];
  const result = initializeAgainInV1(
    (params) => {
      asked.push(params);
      return answer();
    },
    v1,
    first,
    (line) => log.push(line),
  );
  return { asked, log, result };
}

describe("initialize asked again in v1's terms", () => {
  it('sends the v1 request and takes its answer', async () => {
    const second = { protocolVersion: 1, agentInfo: { name: 'second', version: '1' } };
    const t = again(async () => second);
    expect(await t.result).toBe(second);
    expect(t.asked).toEqual([v1]);
    expect(t.log).toEqual([]);
  });

  it('an agent that refuses the repeat goes on with its first answer, and the log says so', async () => {
    const t = again(async () => {
      throw new AcpRpcError('initialize', -32600, 'already initialized');
    });
    expect(await t.result).toBe(first);
    expect(t.log).toEqual([expect.stringContaining('refused initialize asked again in v1 (already initialized)')]);
  });

  it('a repeat answered in another version keeps the first answer', async () => {
    const t = again(async () => ({ protocolVersion: 7 }) as unknown as acp.InitializeResponse);
    expect(await t.result).toBe(first);
    expect(t.log).toEqual([expect.stringContaining('answered with version 7')]);
  });

  it('a timeout is not swallowed: the caller stops the agent', async () => {
    const t = again(async () => {
      throw new AcpTimeoutError('initialize', 100);
    });
    await expect(t.result).rejects.toBeInstanceOf(AcpTimeoutError);
  });
});
