// "Follow the agent": opens the files and lines of tool-call locations as the agent works, per
// the switchboard.followAgent setting (off / reveal without taking focus / focus).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type * as acp from '@agentclientprotocol/sdk';
import { settings } from '../settings';

export class FollowAgent {
  private last = '';
  /** Called before a file is opened with the focus (mode "focus"): the chat's pending focus must lapse. */
  onTakesFocus: () => void = () => undefined;

  /** A prompt was sent: tool call ids may repeat across turns and sessions, so nothing counts as opened. */
  newTurn(): void {
    this.last = '';
  }

  /**
   * The locations of a tool_call / tool_call_update; opens the first one unless this tool call already
   * opened it (its updates repeat the locations). A new tool call on the same file opens it again (the
   * user may have closed it), and a location whose file does not exist yet is tried again by the next update.
   */
  async follow(
    toolCallId: string,
    locations: readonly acp.ToolCallLocation[] | null | undefined,
    baseDir: string,
  ): Promise<void> {
    const mode = settings.get('followAgent');
    const location = locations?.[0];
    if (mode === 'off' || !location) return;
    const filePath = path.isAbsolute(location.path) ? location.path : path.resolve(baseDir, location.path);
    const key = `${toolCallId}\n${filePath}:${location.line ?? ''}`;
    if (key === this.last) return;
    const line = Math.max(1, location.line ?? 1) - 1;
    const position = new vscode.Position(line, 0);
    try {
      if (mode === 'focus') this.onTakesFocus();
      await vscode.window.showTextDocument(vscode.Uri.file(filePath), {
        preview: true,
        preserveFocus: mode === 'reveal',
        selection: location.line ? new vscode.Range(position, position) : undefined,
      });
      this.last = key;
    } catch {
      // A location that does not exist (yet): nothing to show.
    }
  }
}
