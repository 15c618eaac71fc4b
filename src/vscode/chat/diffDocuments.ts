// Virtual read-only documents for VS Code's diff editor: the before/after text of an agent's
// edit, served under the `switchboard-diff:` scheme. The file path stays in the URI so the editor
// picks the right language and shows the file name; the query tells the versions apart. The texts
// of fs writes are read from the keeper of file texts at each request (the query names the write:
// `write:<from>:<to>:old|new`); only a tool call's own diff (texts the agent sent) is kept here.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FileTexts } from '../../review/fileTexts';

export const DIFF_SCHEME = 'switchboard-diff';
/** Diffs are kept for reopening from the same card; the oldest go first. */
const MAX_KEPT_TEXTS = 100;

export class DiffDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private nextId = 1;

  constructor(private readonly fileTexts: FileTexts) {}

  register(): vscode.Disposable {
    return vscode.workspace.registerTextDocumentContentProvider(DIFF_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const write = /^write:(\d+):(\d+):(old|new)$/.exec(uri.query);
    if (!write) return this.texts.get(uri.query) ?? '';
    const span = this.fileTexts.span(
      vscode.Uri.from({ scheme: 'file', path: uri.path }).fsPath,
      Number(write[1]),
      Number(write[2]),
    );
    return (write[3] === 'old' ? span?.before : span?.after) ?? '';
  }

  /** Opens the diff editor over the fs writes `fromRevision`..`revision` of `filePath` (nothing when forgotten). */
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

  /** Opens the diff editor: old text (empty for a new file) on the left, new text on the right. */
  async open(filePath: string, oldText: string | null, newText: string): Promise<void> {
    const id = this.nextId++;
    const left = this.store(filePath, `${id}-old`, oldText ?? '');
    const right = this.store(filePath, `${id}-new`, newText);
    await this.show(filePath, left, right, oldText === null);
  }

  private async show(filePath: string, left: vscode.Uri, right: vscode.Uri, created: boolean): Promise<void> {
    const name = path.basename(filePath);
    const title = created ? vscode.l10n.t('{0} (created by the agent)', name) : vscode.l10n.t('{0} (agent edit)', name);
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
  }

  private store(filePath: string, key: string, text: string): vscode.Uri {
    this.texts.set(key, text);
    while (this.texts.size > MAX_KEPT_TEXTS) {
      const oldest = this.texts.keys().next().value;
      if (oldest === undefined) break;
      this.texts.delete(oldest);
    }
    return vscode.Uri.from({ scheme: DIFF_SCHEME, path: vscode.Uri.file(filePath).path, query: key });
  }
}

/** Opens a file at a 1-based line (0 counts as 1; null: no line); relative paths resolve against `baseDir`. */
export async function openLocation(filePath: string, line: number | null, baseDir: string): Promise<void> {
  const absolute = path.isAbsolute(filePath) ? filePath : path.resolve(baseDir, filePath);
  const position = line === null ? undefined : new vscode.Position(Math.max(1, Math.floor(line)) - 1, 0);
  await vscode.window.showTextDocument(vscode.Uri.file(absolute), {
    preview: true,
    selection: position ? new vscode.Range(position, position) : undefined,
  });
}
