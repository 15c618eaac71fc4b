// Picks the view class for an entry kind.
import type { Entry } from '../../src/shared/thread';
import { ContinuedView } from './continued';
import { FailureView } from './failure';
import { ElicitationView } from './elicitation';
import { MessageView } from './message';
import { NoticeView } from './notice';
import { ProtocolErrorView } from './protocolError';
import { ToolCardView } from './toolCard';
import { TurnEndView } from './turnEnd';
import type { ReviewCards } from './reviewControls';
import type { EntryView, Post } from './types';
import type { FrameBudget } from '../frameBudget';

/** Creates the (empty) view for `entry`; the caller fills it with `update(entry)`. */
/** `review`: the thread renderer's review state, for the diff cards of tool calls; `budget`: the app's frame budget. */
export function createEntryView(entry: Entry, post: Post, review: ReviewCards, budget: FrameBudget): EntryView {
  switch (entry.kind) {
    case 'user':
    case 'agent':
    case 'thought':
      return new MessageView(entry, post, budget);
    case 'tool':
      return new ToolCardView(entry, post, review);
    case 'turnEnd':
      return new TurnEndView(entry);
    case 'failure':
      return new FailureView(entry, post);
    case 'protocolError':
      return new ProtocolErrorView(entry);
    case 'continued':
      return new ContinuedView(entry);
    case 'notice':
      return new NoticeView(entry);
    case 'elicitation':
      return new ElicitationView(entry, post);
  }
}
