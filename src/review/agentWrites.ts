// What fs/read_text_file and fs/write_text_file tell review: the text the agent last read is the
// base its next write is a diff against; a write is merged onto the live document (the user's
// concurrent edits survive where they do not overlap) and recorded as the agent's change.
import * as path from 'node:path';
import type { WriteOutcome } from './fileTexts';
import { mergeAgentWrite, type MergeConflict, type MergeOutcome } from './merge';

/** The hooks src/vscode/fs/fsHandlers.ts calls (all optional there: no review, plain writes). */
export interface ReviewWriteHooks {
  /**
   * The agent read `filePath`; `text` is all of it, or null when the file is too big for review to
   * keep (an older base of it must then be forgotten, not merged against).
   */
  agentRead(filePath: string, text: string | null): void;
  /** The text to put in the document for the agent's `content`, given the document's `live` text. */
  mergeWrite(filePath: string, live: string, content: string): MergeOutcome;
  /** Runs the write with the file marked as Switchboard's own edit. */
  ownEdit<T>(filePath: string, work: () => Promise<T>): Promise<T>;
  /** Records the write, once: its texts in the keeper (src/review/fileTexts.ts), the change in review. */
  agentWrote(write: {
    path: string;
    before: string | null;
    after: string;
    content: string;
    conflicts: MergeConflict[];
  }): WriteOutcome;
}

/** Bounded: the base texts of the files the agent read most recently. */
const MAX_BASES = 200;

export class AgentBases {
  private readonly bases = new Map<string, string>();

  set(filePath: string, text: string): void {
    const key = path.resolve(filePath);
    this.bases.delete(key);
    this.bases.set(key, text);
    while (this.bases.size > MAX_BASES) {
      const oldest = this.bases.keys().next().value;
      if (oldest === undefined) break;
      this.bases.delete(oldest);
    }
  }

  /** Sets the base only when the agent has none yet (the document at a tool call's start). */
  setIfMissing(filePath: string, text: string): void {
    if (!this.bases.has(path.resolve(filePath))) this.set(filePath, text);
  }

  forget(filePath: string): void {
    this.bases.delete(path.resolve(filePath));
  }

  get(filePath: string): string | undefined {
    return this.bases.get(path.resolve(filePath));
  }

  merge(filePath: string, live: string, content: string): MergeOutcome {
    // No read and no tool-call snapshot: the live document is the only base there is.
    const base = this.get(filePath) ?? live;
    return mergeAgentWrite(base, content, live);
  }

  clear(): void {
    this.bases.clear();
  }
}
