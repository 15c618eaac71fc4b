// switchboard.elicitation (on by default) replaced switchboard.experimental.elicitation (off by default). A
// value the user set under either name is theirs: the new name wins where set; else the old name's value is
// kept (with a note for the log that it was renamed); else elicitation is on.
import { describe, expect, it } from 'vitest';
import { elicitationSetting } from '../../../../src/vscode/agents/elicitationSetting';

const unset = { inspected: {}, value: undefined };
const set = (scope: 'globalValue' | 'workspaceValue' | 'workspaceFolderValue', value: unknown) => ({
  inspected: { [scope]: value },
  value,
});

describe('elicitationSetting', () => {
  it('is on by default, without a note', () => {
    expect(elicitationSetting(unset, unset)).toEqual({ on: true, note: null });
    // VS Code's declared defaults are not the user's choice.
    expect(
      elicitationSetting(
        { inspected: { defaultValue: true }, value: true },
        { inspected: { defaultValue: false }, value: false },
      ),
    ).toEqual({ on: true, note: null });
  });

  it('follows the new setting wherever the user set it, over the old one', () => {
    expect(elicitationSetting(set('globalValue', false), unset)).toEqual({ on: false, note: null });
    expect(elicitationSetting(set('workspaceFolderValue', true), set('globalValue', false))).toEqual({
      on: true,
      note: null,
    });
    expect(elicitationSetting(set('workspaceValue', false), set('workspaceValue', true))).toEqual({
      on: false,
      note: null,
    });
  });

  it("keeps the user's value of the old setting, and says it was renamed", () => {
    const off = elicitationSetting(unset, set('globalValue', false));
    expect(off.on).toBe(false);
    expect(off.note).toContain('switchboard.experimental.elicitation');
    expect(off.note).toContain('switchboard.elicitation');
    expect(elicitationSetting(unset, set('workspaceValue', true))).toEqual({ on: true, note: expect.any(String) });
  });

  it('only false turns it off (a value that is no boolean leaves it on)', () => {
    expect(elicitationSetting(set('globalValue', 'no'), unset).on).toBe(true);
    expect(elicitationSetting(unset, set('globalValue', 'no')).on).toBe(true);
  });
});
