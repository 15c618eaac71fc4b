import { describe, expect, it } from 'vitest';
import { answersMissingFileAsEmpty, isGeminiCli } from '../../../src/agents/quirks/gemini';

describe('Gemini CLI quirk: reads of missing files', () => {
  it('is Gemini CLI by its agentInfo, whatever the command', () => {
    expect(
      answersMissingFileAsEmpty({
        agentInfo: { name: 'gemini-cli', version: '0.61.0' },
        command: 'node',
        args: ['x.js'],
      }),
    ).toBe(true);
    expect(
      answersMissingFileAsEmpty({ agentInfo: { name: 'qwen-code', version: '0.24.4' }, command: 'gemini', args: [] }),
    ).toBe(false);
    expect(
      answersMissingFileAsEmpty({ agentInfo: { name: 'scripted-agent', version: '1' }, command: 'node', args: [] }),
    ).toBe(false);
  });

  it('falls back to the command line for versions that send no agentInfo', () => {
    expect(isGeminiCli({ agentInfo: null, command: '/usr/local/bin/gemini', args: ['--acp'] })).toBe(true);
    expect(
      isGeminiCli({ agentInfo: null, command: 'npx', args: ['-y', '@google/gemini-cli', '--experimental-acp'] }),
    ).toBe(true);
    expect(isGeminiCli({ agentInfo: null, command: 'C:\\tools\\gemini.cmd', args: [] })).toBe(true);
    expect(isGeminiCli({ agentInfo: null, command: 'claude-agent-acp', args: [] })).toBe(false);
  });
});
