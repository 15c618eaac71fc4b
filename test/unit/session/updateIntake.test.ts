import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { FileTexts } from '../../../src/review/fileTexts';
import { ToolDiffs } from '../../../src/session/updates/toolDiffs';
import {
  MAX_FAULT_LOG_LINES,
  MAX_PROTOCOL_ERROR_ENTRIES,
  UpdateIntake,
} from '../../../src/session/updates/updateIntake';

describe('UpdateIntake', () => {
  it('a flood of invalid updates: a bounded number of entries and log lines, valid updates still dispatched', () => {
    const actions: ThreadAction[] = [];
    const log: string[] = [];
    const intake = new UpdateIntake(
      (action) => actions.push(action),
      (line) => log.push(line),
      new ToolDiffs(new FileTexts()),
    );
    for (let i = 0; i < 2500; i++)
      intake.update({ sessionId: 's', update: { sessionUpdate: 'usage_update', used: 'x', size: 1 } } as never);
    intake.update({
      sessionId: 's',
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'ok' } },
    } as acp.SessionNotification);
    expect(actions.filter((a) => a.type === 'protocolError')).toHaveLength(MAX_PROTOCOL_ERROR_ENTRIES + 1);
    expect(actions.at(-1)).toMatchObject({ type: 'sessionUpdate' });
    expect(log).toHaveLength(MAX_FAULT_LOG_LINES + 1);
    expect(log.at(-1)).toMatch(/2000 faulty updates so far; only every 1,000th is logged now/);
  });
});
