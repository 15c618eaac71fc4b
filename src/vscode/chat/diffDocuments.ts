// Virtual read-only documents for VS Code's diff editor: the before/after text of an agent's
// edit, served under the `switchboard-diff:` scheme. The file path stays in the URI so the editor
// picks the right language and shows the file name; the query names the revisions,
// `write:<from>:<to>:old|new`, and the texts are read from the keeper of file texts at each
// request (fs writes, and a tool call's own diff, kept as one revision by src/session/updates/toolDiffs.ts).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FileTexts } from '../../review/fileTexts';
import { regularFileOrMissing } from '../../fs/regularFile';

export const DIFF_SCHEME = 'switchboard-diff';

export class DiffDocuments implements vscode.TextDocumentContentProvider {
  constructor(private readonly fileTexts: FileTexts) {}

  register(): vscode.Disposable {
    return vscode.workspace.registerTextDocumentContentProvider(DIFF_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const write = /^write:(\d+):(\d+):(old|new)$/.exec(uri.query);
    if (!write) return '';
    // The path of the revision as the keeper holds it (openWrite checked it against the card's).
    const revision = Number(write[2]);
    const filePath = this.fileTexts.pathOf(revision);
    const span = filePath === undefined ? undefined : this.fileTexts.span(filePath, Number(write[1]), revision);
    return (write[3] === 'old' ? span?.before : span?.after) ?? '';
  }

  /**
   * Opens the diff editor over the revisions `fromRevision`..`revision` of `filePath` (fs writes, or
   * one tool call's own diff); says so when the keeper no longer has them.
   */
  async openWrite(filePath: string, fromRevision: number, revision: number): Promise<void> {
    const span = this.fileTexts.span(filePath, fromRevision, revision);
    if (!span) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'The texts of that edit of {0} are no longer kept; the Changes view shows what is pending.',
          path.basename(filePath),
        ),
      );
      return;
    }
    const uri = (side: string): vscode.Uri =>
      vscode.Uri.from({
        scheme: DIFF_SCHEME,
        path: vscode.Uri.file(filePath).path,
        query: `write:${fromRevision}:${revision}:${side}`,
      });
    await this.show(filePath, uri('old'), uri('new'), span.before === null);
  }

  private async show(filePath: string, left: vscode.Uri, right: vscode.Uri, created: boolean): Promise<void> {
    const name = path.basename(filePath);
    const title = created ? vscode.l10n.t('{0} (created by the agent)', name) : vscode.l10n.t('{0} (agent edit)', name);
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
  }
}

/** Opens a file at a 1-based line (0 counts as 1; null: no line); relative paths resolve against `baseDir`. */
export async function openLocation(filePath: string, line: number | null, baseDir: string): Promise<void> {
  const absolute = path.isAbsolute(filePath) ? filePath : path.resolve(baseDir, filePath);
  // The path is the agent's: a FIFO or a device there is not opened (the editor would read it; a FIFO blocks).
  const found = await regularFileOrMissing(absolute).catch(() => 'missing' as const);
  if (typeof found !== 'string') {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('{0} is not a regular file, so it is not opened.', absolute),
    );
    return;
  }
  const position = line === null ? undefined : new vscode.Position(Math.max(1, Math.floor(line)) - 1, 0);
  await vscode.window.showTextDocument(vscode.Uri.file(absolute), {
    preview: true,
    selection: position ? new vscode.Range(position, position) : undefined,
  });
}

/** Where "Apply" writes (candidates from src/chat/pathTarget.ts): the first that is a file, else the first. */
export async function applyTarget(candidates: string[]): Promise<string | undefined> {
  for (const candidate of candidates) if ((await fileType(candidate)) === vscode.FileType.File) return candidate;
  return candidates[0];
}

async function fileType(candidate: string): Promise<vscode.FileType | undefined> {
  const stat = await Promise.resolve(vscode.workspace.fs.stat(vscode.Uri.file(candidate))).catch(() => undefined);
  return stat?.type;
}

/**
 * A path named in agent text (candidates from src/chat/pathTarget.ts, all inside a workspace
 * folder): opens the first that is a file, at the 1-based line and column; else says so.
 */
export async function openWorkspacePath(
  candidates: string[],
  line: number | null,
  column: number | null,
  written: string,
): Promise<void> {
  for (const candidate of candidates) {
    const uri = vscode.Uri.file(candidate);
    if ((await fileType(candidate)) !== vscode.FileType.File) continue;
    const position = line === null ? undefined : new vscode.Position(line - 1, column === null ? 0 : column - 1);
    await vscode.window.showTextDocument(uri, {
      preview: true,
      selection: position ? new vscode.Range(position, position) : undefined,
    });
    return;
  }
  const shown = written.length > 120 ? `${written.slice(0, 120)}…` : written;
  void vscode.window.showInformationMessage(vscode.l10n.t('"{0}" is not a file in this workspace.', shown));
}
