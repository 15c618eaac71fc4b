// How the comparison view asks the host for something (src/shared/compare.ts), and the bridge for the chat's own
// renderers it reuses (markdown, diffs), which post the chat's messages: each is turned into the comparison's
// message for the column it was clicked in, or dropped (nothing else of the chat's protocol means anything here).
import type { CompareFromWebview } from '../../src/shared/compare';
import type { Post } from '../render/post';

export type ComparePost = (msg: CompareFromWebview) => void;

/** The chat renderers' Post, for the column of `threadId`. */
export function chatPostFor(threadId: string, post: ComparePost): Post {
  return (msg) => {
    switch (msg.type) {
      case 'openPath':
        post({ type: 'compareOpenPath', threadId, path: msg.path, line: msg.line, column: msg.column });
        return;
      // A changed file's name in its diff card: its diff in the editor (the file is in the worktree).
      case 'openLocation':
        post({ type: 'compareOpenDiff', threadId, path: msg.path });
        return;
      case 'copy':
        post({ type: 'compareCopy', text: msg.text });
        return;
      default:
        return;
    }
  };
}
