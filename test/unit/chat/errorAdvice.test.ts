import { describe, expect, it } from 'vitest';
import { AdvisedError } from '../../../src/chat/advisedError';
import { errorAdvice } from '../../../src/chat/errorAdvice';

const AGENT_ADVICE = 'Check "Switchboard: Show Agent Log", or run "Switchboard: Restart Agent".';

describe('errorAdvice', () => {
  it('says what failed and, for what went through the agent, where to look and what to try', () => {
    expect(errorAdvice('setMode', new Error('Method not found'))).toBe(
      `Switchboard could not change the mode: Method not found. ${AGENT_ADVICE}`,
    );
    expect(errorAdvice('prompt', new Error('Agent is not connected.'))).toBe(
      `Switchboard could not send the prompt: Agent is not connected. ${AGENT_ADVICE}`,
    );
  });

  it('gives no agent advice where the agent played no part', () => {
    expect(errorAdvice('openLocation', 'ENOENT')).toBe('Switchboard could not open the file: ENOENT.');
    expect(errorAdvice('applyCode', new Error('disk full'))).toBe(
      'Switchboard could not apply the code block: disk full.',
    );
    expect(errorAdvice('reviewFile', new Error('gone'))).toBe('Switchboard could not apply the review action: gone.');
  });

  it('a failed restart points at the log, not at restarting again', () => {
    expect(errorAdvice('restartAgent', new Error('spawn ENOENT'))).toBe(
      'Switchboard could not restart the agent: spawn ENOENT. Check "Switchboard: Show Agent Log".',
    );
  });

  it("an error's own advice wins, and empty advice means none", () => {
    expect(errorAdvice('prompt', new AdvisedError('the file is too large', 'Attach a smaller part of it.'))).toBe(
      'Switchboard could not send the prompt: the file is too large. Attach a smaller part of it.',
    );
    expect(errorAdvice('prompt', new AdvisedError('nothing to send', ''))).toBe(
      'Switchboard could not send the prompt: nothing to send.',
    );
  });
});
