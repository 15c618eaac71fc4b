// Picks the view class for an entry kind.
import type { Entry } from '../../src/shared/thread';
import { ContinuedView } from './continued';
import { FailureView } from './failure';
import { MessageView } from './message';
import { ProtocolErrorView } from './protocolError';
import { ToolCardView } from './toolCard';
import { TurnEndView } from './turnEnd';
import type { EntryView, Post } from './types';

/** Creates the (empty) view for `entry`; the caller fills it with `update(entry)`. */
export function createEntryView(entry: Entry, post: Post): EntryView {
  switch (entry.kind) {
    case 'user':
    case 'agent':
    case 'thought':
      return new MessageView(entry, post);
    case 'tool':
      return new ToolCardView(entry, post);
    case 'turnEnd':
      return new TurnEndView(entry);
    case 'failure':
      return new FailureView(entry, post);
    case 'protocolError':
      return new ProtocolErrorView(entry);
    case 'continued':
      return new ContinuedView(entry);
  }
}
