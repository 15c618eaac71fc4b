// Who made a change. The rule: a change during an agent turn that the user did not make through
// the editor is the agent's; the user's editor edits (and what they save) are the user's; our own
// Keep/Undo/restore edits are nobody's and are not recorded as changes.

export type ChangeSource =
  /** fs/write_text_file from the agent. */
  | { kind: 'agentWrite' }
  /** A text document changed in an editor. */
  | {
      kind: 'editor';
      /** The change is an edit Switchboard itself applied (agent write, Keep/Undo, restore). */
      ownEdit: boolean;
      /** The document is clean afterwards and the change was not ours: VS Code reloaded it from disk. */
      reloadedFromDisk: boolean;
    }
  /** The file system watcher saw the file change on disk. */
  | {
      kind: 'disk';
      /** The new disk content is what Switchboard itself wrote (its saves, restores). */
      ownWrite: boolean;
      /** The new disk content equals an editor buffer the user edited: they saved it. */
      userSaved: boolean;
    };

export type Attribution = 'agent' | 'user' | 'ignore';

export function attributeChange(source: ChangeSource, turnActive: boolean): Attribution {
  switch (source.kind) {
    case 'agentWrite':
      return 'agent';
    case 'editor':
      // A reload is the disk change arriving in the editor: the watcher attributes that one.
      if (source.ownEdit || source.reloadedFromDisk) return 'ignore';
      return 'user';
    case 'disk':
      if (source.ownWrite) return 'ignore';
      if (source.userSaved) return 'user';
      return turnActive ? 'agent' : 'user';
  }
}

/** The last agent turn's span, as the review store knows it (epoch ms; -Infinity before any turn). */
export interface TurnTimes {
  active: boolean;
  startedAt: number;
  endedAt: number;
}

/** File-system events arrive late (the watcher batches them): a change this soon after a turn is still its own. */
export const DISK_EVENT_GRACE_MS = 2000;
/**
 * A file last modified this long before the agent's turn began was changed before the turn, whenever its
 * watcher event arrives. The slack covers file systems whose modification times are coarse.
 */
const MODIFIED_BEFORE_TURN_SLACK_MS = 1000;

/**
 * Whether a disk change belongs to the agent's time. The file's modification time, when known, decides: from
 * (about) the turn's start to the grace after its end, however late the event comes (a busy machine delivers
 * watcher events seconds late). Without it (a deleted file), the event's own time decides.
 */
export function isAgentTime(turn: TurnTimes, now: number, modifiedAt?: number): boolean {
  if (modifiedAt === undefined) return turn.active || now - turn.endedAt < DISK_EVENT_GRACE_MS;
  if (modifiedAt < turn.startedAt - MODIFIED_BEFORE_TURN_SLACK_MS) return false;
  return turn.active || modifiedAt - turn.endedAt < DISK_EVENT_GRACE_MS;
}
