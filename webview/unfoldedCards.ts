// Which subagent cards show their work ("Show work"), kept in the webview state (main.ts) so a chat view hidden
// and shown again, whose webview VS Code builds again from the host's snapshot, and a window reload (VS Code
// keeps the state of a view and of a restored tab) show each card as the user left it. The state comes back
// from VS Code as-is: what is read is checked and bounded, anything else is ignored (the card is then folded).

/** How many unfolded cards are remembered, across all chats; the oldest is forgotten first. */
export const MAX_UNFOLDED = 200;
const MAX_ID_LENGTH = 200;

/** Whether the card of `sessionId` in the chat `threadId` shows its work. */
export interface UnfoldMemory {
  get(threadId: string, sessionId: string): boolean;
  set(threadId: string, sessionId: string, unfolded: boolean): void;
}

type Pair = readonly [threadId: string, sessionId: string];

const validId = (id: unknown): id is string => typeof id === 'string' && id.length > 0 && id.length <= MAX_ID_LENGTH;
const keyOf = (threadId: string, sessionId: string): string => JSON.stringify([threadId, sessionId]);

export class UnfoldedCards implements UnfoldMemory {
  /** Unfolded cards by key, least recently unfolded first. */
  private readonly pairs = new Map<string, Pair>();

  /** `saved`: what `onChange` was last given (from the webview state); `onChange`: the pairs to keep. */
  constructor(
    saved: unknown,
    private readonly onChange: (pairs: Pair[]) => void = () => undefined,
  ) {
    if (!Array.isArray(saved)) return;
    for (const pair of saved.slice(-MAX_UNFOLDED) as unknown[]) {
      if (!Array.isArray(pair) || pair.length !== 2 || !validId(pair[0]) || !validId(pair[1])) continue;
      this.pairs.set(keyOf(pair[0], pair[1]), [pair[0], pair[1]]);
    }
  }

  get(threadId: string, sessionId: string): boolean {
    return this.pairs.has(keyOf(threadId, sessionId));
  }

  set(threadId: string, sessionId: string, unfolded: boolean): void {
    if (!validId(threadId) || !validId(sessionId) || this.get(threadId, sessionId) === unfolded) return;
    const key = keyOf(threadId, sessionId);
    if (unfolded) this.pairs.set(key, [threadId, sessionId]);
    else this.pairs.delete(key);
    while (this.pairs.size > MAX_UNFOLDED) this.pairs.delete(this.pairs.keys().next().value as string);
    this.onChange([...this.pairs.values()]);
  }
}
