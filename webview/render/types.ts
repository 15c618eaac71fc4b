// Shared shapes for the render modules.
import type { Entry } from '../../src/shared/thread';
import type { FrameBudget } from '../frameBudget';
import type { TextAppend } from '../store';
import type { TerminalViews } from '../terminal/views';
import type { ReviewCards } from './tools/reviewControls';
import type { PathLabels } from './pathLabel';
import type { SessionDirectory } from './subagents/sessions';

import type { Post } from './post';

export type { Post };

/**
 * What the tool cards of one thread renderer share, owned by that renderer (no module state): the
 * review state their diff cards show (updated before each render), the live terminal widgets, the
 * workspace folders their paths are labelled by and the chat's subagent sessions.
 */
export interface CardContext {
  readonly review: ReviewCards;
  readonly terminals: TerminalViews;
  /** How the cards label file paths (relative to the workspace folders). */
  readonly paths: PathLabels;
  /** The chat's subagent sessions (their cards, titles, who waits) and how to open one. */
  readonly sessions: SessionDirectory;
  /** Whose transcript the entries are: null for the chat's own, else the subagent's session id. */
  readonly session: string | null;
}

/**
 * One transcript entry on screen. `update` is called only when the entry object changed;
 * `appended` says what streamed chunks appended to the newest text part (message views use it).
 */
export interface EntryView {
  readonly el: HTMLElement;
  update(entry: Entry, appended?: TextAppend | null): void;
}

/**
 * Renders one entry in isolation (entryView.ts's `renderEntry`), handed to the views that show entries of their own
 * (a subagent's work under its card) so they do not import the module that builds them.
 */
export type RenderEntry = (
  entry: Entry,
  post: Post,
  cards: CardContext,
  budget: FrameBudget,
) => { view: EntryView; failed: boolean };
