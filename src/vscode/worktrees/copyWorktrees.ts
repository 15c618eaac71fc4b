// A WorktreeService of plain folder copies: each workspace folder copied twice into storage (the chat's copy and the
// start point it is compared with), unsaved editor text written into both. The stand-in the glue and its tests run
// with until the real store (src/worktrees/, git worktrees where the folder is a repository) is wired in its place;
// it keeps the same contract. `.git` and `node_modules` are not copied (a copy is not a repository). No `vscode`.
import { randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { joinLines, splitLines } from '../../review/lines';
import { mergeAgentWrite } from '../../review/merge';
import type { MergedFile, Worktree, WorktreeChange, WorktreeFolder } from '../../worktrees/worktreeTypes';
import type { WorktreeService } from './worktreeService';

const NOT_COPIED = new Set(['.git', 'node_modules']);
const RECORD = 'worktree.json';

export class CopyWorktrees implements WorktreeService {
  /** root: the folder in the extension's storage that holds one folder per worktree. */
  constructor(private readonly root: string) {}

  async create(folders: readonly string[], unsavedTexts: ReadonlyMap<string, string>): Promise<Worktree> {
    const id = `wt-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
    const home = path.join(this.root, id);
    const copies: WorktreeFolder[] = [];
    for (const [index, source] of folders.entries()) {
      const name = `${index}-${path.basename(source)}`;
      const start = path.join(home, 'start', name);
      await cp(source, start, { recursive: true, filter: (from) => !NOT_COPIED.has(path.basename(from)) });
      for (const [file, text] of unsavedTexts) {
        const rel = path.relative(source, file);
        if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
        await mkdir(path.dirname(path.join(start, rel)), { recursive: true });
        await writeFile(path.join(start, rel), text, 'utf8');
      }
      const copy = path.join(home, name);
      await cp(start, copy, { recursive: true });
      copies.push({ source, path: copy, kind: 'copy', start });
    }
    const worktree: Worktree = { id, createdAt: Date.now(), folders: copies };
    await writeFile(path.join(home, RECORD), JSON.stringify(worktree), 'utf8');
    return worktree;
  }

  async list(): Promise<readonly Worktree[]> {
    const ids = await readdir(this.root).catch(() => [] as string[]);
    const found: Worktree[] = [];
    for (const id of ids) {
      const text = await readFile(path.join(this.root, id, RECORD), 'utf8').catch(() => null);
      // A record cut short (a crash while it was written) is not a worktree: the others are still listed.
      try {
        if (text !== null) found.push(JSON.parse(text) as Worktree);
      } catch {
        continue;
      }
    }
    return found;
  }

  async changes(worktree: Worktree): Promise<readonly WorktreeChange[]> {
    const changes: WorktreeChange[] = [];
    for (const folder of worktree.folders) {
      const [before, after] = await Promise.all([filesUnder(folder.start), filesUnder(folder.path)]);
      for (const relPath of new Set([...before, ...after])) {
        const [was, now] = await Promise.all([bytesOf(folder.start, relPath), bytesOf(folder.path, relPath)]);
        if (was !== null && now !== null && Buffer.compare(was, now) === 0) continue;
        const kind = was === null ? 'added' : now === null ? 'deleted' : 'modified';
        changes.push({ source: folder.source, relPath, kind, binary: isBinary(now ?? was!) });
      }
    }
    return changes;
  }

  async bringBack(
    worktree: Worktree,
    currentText: (target: string) => string | undefined,
  ): Promise<readonly MergedFile[]> {
    const merged: MergedFile[] = [];
    for (const change of await this.changes(worktree)) {
      const folder = worktree.folders.find((candidate) => candidate.source === change.source)!;
      const target = path.join(change.source, ...change.relPath.split('/'));
      const [base, chat, onDisk] = await Promise.all([
        bytesOf(folder.start, change.relPath),
        bytesOf(folder.path, change.relPath),
        bytesOf(change.source, change.relPath),
      ]);
      const current = currentText(target) ?? onDisk?.toString('utf8') ?? null;
      if (change.binary) {
        merged.push({ target, current, merged: null, bytes: chat, binary: true, conflicts: 0 });
        continue;
      }
      merged.push({
        target,
        current,
        ...mergeText(base?.toString('utf8') ?? null, chat?.toString('utf8') ?? null, current),
      });
    }
    return merged;
  }

  async discard(worktree: Worktree): Promise<void> {
    await rm(path.join(this.root, worktree.id), { recursive: true, force: true });
  }
}

/** Three ways: the start point, the chat's text, the workspace's now; conflicts written with their markers. */
function mergeText(
  base: string | null,
  chat: string | null,
  current: string | null,
): { merged: string | null; binary: false; conflicts: number } {
  if (current === base || current === chat) return { merged: chat, binary: false, conflicts: 0 };
  // Deleted by the chat but changed by the user (or made by both): the user's text stays, marked as a conflict.
  if (chat === null || current === null)
    return { merged: current ?? chat, binary: false, conflicts: chat === null ? 1 : 0 };
  const outcome = mergeAgentWrite(base ?? '', chat, current);
  const lines = splitLines(outcome.text);
  const ended = (side: string[]) => side.map((line) => (line.endsWith('\n') ? line : `${line}\n`));
  // From the last conflict back, so the line numbers of the ones before stay right.
  for (const conflict of [...outcome.conflicts].reverse()) {
    lines.splice(
      conflict.startLine,
      conflict.lineCount,
      '<<<<<<< workspace\n',
      ...ended(conflict.userLines),
      '=======\n',
      ...ended(conflict.agentLines),
      '>>>>>>> chat\n',
    );
  }
  return { merged: joinLines(lines), binary: false, conflicts: outcome.conflicts.length };
}

async function filesUnder(root: string, rel = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, rel), { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const relPath = rel === '' ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) files.push(...(await filesUnder(root, relPath)));
    else if (entry.isFile()) files.push(relPath);
  }
  return files;
}

function bytesOf(root: string, relPath: string): Promise<Buffer | null> {
  return readFile(path.join(root, ...relPath.split('/'))).catch(() => null);
}

function isBinary(bytes: Buffer): boolean {
  return bytes.includes(0) || !Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
}
