// Every control of the chat webview, one entry per message type it posts (control.ts says what an entry holds).
// The type demands an entry for each member of WebviewToHost and checks each entry against its message; the
// groups, one file each, name the ports of ChatHost their handlers use.
import { agentControls } from './agentControls';
import { chatListControls } from './chatListControls';
import type { ChatHost } from './chatHost';
import type { Controls, MessageType } from './control';
import { navigationControls } from './navigationControls';
import { reviewControls } from './reviewControls';
import { turnControls } from './turnControls';
import { worktreeControls } from './worktreeControls';

export type ControlTable = Controls<MessageType, ChatHost>;

export const CONTROLS: ControlTable = {
  ...chatListControls,
  ...turnControls,
  ...agentControls,
  ...navigationControls,
  ...reviewControls,
  ...worktreeControls,
};
