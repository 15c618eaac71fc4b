import { describe, expect, it } from 'vitest';
import { clampLine } from '../../../src/chat/controls/navigationControls';
import { parseWebviewMessage } from '../../../src/chat/webviewMessages';

describe('parseWebviewMessage', () => {
  it('accepts well-formed messages', () => {
    expect(parseWebviewMessage({ type: 'ready' })).toEqual({ type: 'ready' });
    expect(parseWebviewMessage({ type: 'prompt', text: 'hi' })).toEqual({ type: 'prompt', text: 'hi' });
    expect(parseWebviewMessage({ type: 'permission', permissionId: 'p1', optionId: null })).not.toBeNull();
    expect(parseWebviewMessage({ type: 'newChat' })).toEqual({ type: 'newChat' });
    expect(parseWebviewMessage({ type: 'openLocation', path: '/a', line: 3 })).not.toBeNull();
    expect(parseWebviewMessage({ type: 'openLocation', path: '/a' })).not.toBeNull();
    expect(parseWebviewMessage({ type: 'openDiff', path: '/a', fromRevision: 1, revision: 3 })).not.toBeNull();
  });

  it('rejects unknown types and wrong field types', () => {
    expect(parseWebviewMessage(null)).toBeNull();
    expect(parseWebviewMessage('ready')).toBeNull();
    expect(parseWebviewMessage({ type: 'toString' })).toBeNull();
    expect(parseWebviewMessage({ type: 'runShell', command: 'rm -rf /' })).toBeNull();
    expect(parseWebviewMessage({ type: 'prompt' })).toBeNull();
    // A write is named by its revision: a positive whole number, never texts.
    expect(parseWebviewMessage({ type: 'openDiff', path: '/a', fromRevision: 0, revision: 3 })).toBeNull();
    expect(parseWebviewMessage({ type: 'openDiff', path: '/a', fromRevision: 1, revision: 1.5 })).toBeNull();
    expect(parseWebviewMessage({ type: 'openDiff', path: '/a', oldText: null, newText: 'x' })).toBeNull();
    // A tool call's own diff is opened by its revision too: the message naming it by tool call is gone.
    expect(parseWebviewMessage({ type: 'openToolDiff', toolCallId: 'c', path: '/a' })).toBeNull();
    expect(parseWebviewMessage({ type: 'prompt', text: 42 })).toBeNull();
    expect(parseWebviewMessage({ type: 'permission', permissionId: 'p1' })).toBeNull();
    expect(parseWebviewMessage({ type: 'newChat', agentId: 7 })).toBeNull();
    expect(parseWebviewMessage({ type: 'openLocation', path: '/a', line: 'x' })).toBeNull();
    expect(parseWebviewMessage({ type: 'openLocation', path: '/a', line: Number.NaN })).toBeNull();
  });
});

describe('cancelSubagent', () => {
  it('names the subagent session by its id, a string', () => {
    expect(parseWebviewMessage({ type: 'cancelSubagent', sessionId: 'child-1' })).toEqual({
      type: 'cancelSubagent',
      sessionId: 'child-1',
    });
    expect(parseWebviewMessage({ type: 'cancelSubagent' })).toBeNull();
    expect(parseWebviewMessage({ type: 'cancelSubagent', sessionId: 5 })).toBeNull();
  });
});

describe('setConfigOption values', () => {
  it('takes a select value id or a boolean (boolean config options), nothing else', () => {
    expect(parseWebviewMessage({ type: 'setConfigOption', configId: 'model', value: 'fast' })).not.toBeNull();
    expect(parseWebviewMessage({ type: 'setConfigOption', configId: 'thinking', value: false })).toEqual({
      type: 'setConfigOption',
      configId: 'thinking',
      value: false,
    });
    for (const value of [1, null, undefined, {}, ['x']])
      expect(parseWebviewMessage({ type: 'setConfigOption', configId: 'x', value })).toBeNull();
  });
});

describe('clampLine', () => {
  it('keeps 1-based lines and clamps 0 to 1', () => {
    expect(clampLine(0)).toBe(1);
    expect(clampLine(-3)).toBe(1);
    expect(clampLine(1)).toBe(1);
    expect(clampLine(42)).toBe(42);
    expect(clampLine(2.7)).toBe(2);
    expect(clampLine(null)).toBeNull();
    expect(clampLine(undefined)).toBeNull();
  });
});
