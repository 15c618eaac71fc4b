import { describe, expect, it } from 'vitest';
import { ReloadOrEdit, type HeldChange } from '../../../src/review/reloadOrEdit';

function setup() {
  const edits: HeldChange[] = [];
  const dirty = new Set<string>();
  const timers = new Map<number, () => void>();
  let next = 0;
  const decider = new ReloadOrEdit(
    (change) => edits.push(change),
    (key) => dirty.has(key),
    (callback) => {
      const id = next++;
      timers.set(id, callback);
      return () => timers.delete(id);
    },
  );
  const fire = () => [...timers.values()].forEach((callback) => callback());
  return { decider, edits, dirty, timers, fire };
}

const change = (after: string): HeldChange => ({ filePath: '/w/a.md', before: 'a\n', after });

describe('ReloadOrEdit', () => {
  it("a clean change whose document is dirty by its next event was the user's edit, with the texts of its moment", () => {
    const { decider, edits, dirty, timers } = setup();
    decider.hold('file:///w/a.md', change('a (user)\n'));
    expect(edits).toEqual([]);
    dirty.add('file:///w/a.md'); // the dirty-state event VS Code fires after the change
    decider.settle('file:///w/a.md');
    expect(edits).toEqual([change('a (user)\n')]);
    expect(timers.size).toBe(0);
    decider.settle('file:///w/a.md');
    expect(edits).toHaveLength(1);
  });

  it('a clean change whose document stays clean was a reload from disk: not an edit', () => {
    const { decider, edits, fire } = setup();
    decider.hold('file:///w/a.md', change('from disk\n'));
    fire();
    expect(edits).toEqual([]);
  });

  it('the timer decides when no further event comes', () => {
    const { decider, edits, dirty, fire } = setup();
    decider.hold('file:///w/a.md', change('a (user)\n'));
    dirty.add('file:///w/a.md');
    fire();
    expect(edits).toEqual([change('a (user)\n')]);
  });

  it('a second held change decides the first before it waits itself; documents are apart', () => {
    const { decider, edits, dirty } = setup();
    decider.hold('file:///w/a.md', change('1\n'));
    decider.hold('file:///w/b.md', { filePath: '/w/b.md', before: null, after: 'b\n' });
    dirty.add('file:///w/a.md');
    decider.hold('file:///w/a.md', change('2\n'));
    expect(edits).toEqual([change('1\n')]);
    decider.settle('file:///w/b.md');
    expect(edits).toEqual([change('1\n')]);
  });

  it('a closed document forgets what it held', () => {
    const { decider, edits, dirty, timers } = setup();
    decider.hold('file:///w/a.md', change('1\n'));
    decider.forget('file:///w/a.md');
    dirty.add('file:///w/a.md');
    decider.settle('file:///w/a.md');
    expect(edits).toEqual([]);
    expect(timers.size).toBe(0);
  });
});
