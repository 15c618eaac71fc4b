// Picks the view class for an entry kind.
import type { Entry } from '../../../src/shared/thread';
import { recordError } from '../../errors';
import { EntryErrorView } from './entryError';
import { AgentNoticeView } from './agentNotice';
import { CompactionView } from './compaction';
import { ContinuedView } from './continued';
import { FailureView } from './failure';
import { ElicitationView } from './elicitation';
import { ElicitationUrlView } from './elicitationUrl';
import { MessageView } from './message';
import { NoticeView } from './notice';
import { ProtocolErrorView } from './protocolError';
import { SessionMessageView } from '../subagents/sessionMessage';
import { SubagentCardView } from '../subagents/subagentCard';
import { ToolCardView } from '../tools/toolCard';
import { TurnEndView } from './turnEnd';
import type { CardContext, EntryView, Post } from '../types';
import type { FrameBudget } from '../../frameBudget';

/** Creates the (empty) view for `entry`; the caller fills it with `update(entry)`. */
/** `cards`: what the thread renderer's tool cards share (review state, terminals); `budget`: the app's frame budget. */
export function createEntryView(entry: Entry, post: Post, cards: CardContext, budget: FrameBudget): EntryView {
  switch (entry.kind) {
    case 'user':
    case 'agent':
    case 'thought':
      return new MessageView(entry, post, budget, cards.session === null);
    case 'tool':
      return new ToolCardView(entry, post, cards);
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
    case 'agentNotice':
      return new AgentNoticeView(entry);
    case 'compaction':
      return new CompactionView(entry, post);
    case 'elicitation':
      return new ElicitationView(entry, post);
    case 'elicitationUrl':
      return new ElicitationUrlView(entry, post);
    case 'subagent':
      return new SubagentCardView(entry, post, cards, budget, renderEntry);
    case 'sessionMessage':
      return new SessionMessageView(entry, post, cards, budget);
  }
}

/**
 * The entry's view filled with it, in isolation: an entry that throws (malformed or extreme agent data)
 * becomes an error card (`failed`: its next version gets a fresh view) and everything else still renders.
 */
export function renderEntry(
  entry: Entry,
  post: Post,
  cards: CardContext,
  budget: FrameBudget,
): { view: EntryView; failed: boolean } {
  try {
    const view = createEntryView(entry, post, cards, budget);
    view.update(entry);
    return { view, failed: false };
  } catch (error) {
    recordError('an entry could not be rendered', error);
    return { view: new EntryErrorView(entry, error), failed: true };
  }
}
