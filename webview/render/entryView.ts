// Picks the view class for an entry kind.
import type { Entry } from '../../src/shared/thread';
import { FailureView } from './failure';
import { MessageView } from './message';
import { NoticeView } from './notice';
import { ProtocolErrorView } from './protocolError';
import { ToolCardView } from './toolCard';
import { TurnEndView } from './turnEnd';
import type { ReviewCards } from './reviewControls';
import type { EntryView, Post } from './types';

/** Creates the (empty) view for `entry`; the caller fills it with `update(entry)`. */
/** `review`: the thread renderer's review state, for the diff cards of tool calls. */
export function createEntryView(entry: Entry, post: Post, review: ReviewCards): EntryView {
  switch (entry.kind) {
    case 'user':
    case 'agent':
    case 'thought':
      return new MessageView(entry, post);
    case 'tool':
      return new ToolCardView(entry, post, review);
    case 'turnEnd':
      return new TurnEndView(entry);
    case 'failure':
      return new FailureView(entry, post);
    case 'protocolError':
      return new ProtocolErrorView(entry);
    case 'notice':
      return new NoticeView(entry);
  }
}
