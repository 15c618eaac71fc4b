// "Compare Agents": one prompt (with its context) to several agents at once, each in a chat in its own worktree
// (src/vscode/worktrees/), shown side by side in an editor tab (comparePanel.ts) as they work. "Take this one" brings
// that chat's worktree back through review and discards the others; a follow-up goes to one chat or to all. The
// comparisons are kept in the workspace's state, and their tabs come back after a reload with their chats.
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { readComparisons, withRecord, type ComparisonRecord } from '../../chat/compare/comparisonRecord';
import { shownComparePath } from '../../chat/compare/compareFiles';
import type { ThreadController } from '../../session/api';
import { DisposableStore } from '../../shared/disposableStore';
import { contextBlocks, contextLabel, rebaseContext, type ContextRef } from '../../shared/promptContext';
import type { AgentCatalog } from '../agents/agentCatalog';
import { resolveContext } from '../chat/promptContext';
import { openWorkspacePath } from '../chat/diffDocuments';
import { pathCandidates } from '../../chat/pathTarget';
import { everyChange, type WorktreeChats } from '../worktrees/worktreeChats';
import { askComparePrompt, confirmTake, pickCompareAgents } from './compareStart';
import { COMPARE_PANEL_TYPE, ComparePanel, type CompareActions } from './comparePanel';
import { CompareTests } from './compareTests';
import { CompareTexts } from './compareTexts';
import { LiveComparison } from './liveComparison';

const RECORDS_KEY = 'switchboard.comparisons';
const LAST_AGENTS_KEY = 'switchboard.compare.lastAgents';
const MAX_PROMPT_CHARS = 64 * 1024;

/** What a comparison needs of the chats (src/vscode/chat/chatsFeature.ts). */
export interface CompareChats {
  readonly worktrees: WorktreeChats;
  thread(threadId: string): ThreadController | undefined;
  openChat(threadId: string): Promise<void>;
  whenRestored(): Promise<unknown>;
}

export interface ComparisonsDeps {
  context: vscode.ExtensionContext;
  catalog: AgentCatalog;
  chats: CompareChats;
  log(line: string): void;
}

export class Comparisons implements CompareActions, vscode.WebviewPanelSerializer, vscode.Disposable {
  private readonly panels = new Map<string, ComparePanel>();
  private readonly tests: CompareTests;
  private readonly texts = new CompareTexts();
  private readonly scope = new DisposableStore();

  constructor(private readonly deps: ComparisonsDeps) {
    this.tests = new CompareTests(deps.context.workspaceState);
    this.scope.add(vscode.window.registerWebviewPanelSerializer(COMPARE_PANEL_TYPE, this));
    this.scope.add(this.texts.register());
  }

  /** "Compare Agents...": agents picked, the prompt (given by the composer, else asked), the chats made and prompted. */
  async start(
    given?: { text: string; context: readonly ContextRef[] },
    chosen?: readonly string[],
  ): Promise<LiveComparison | undefined> {
    if (!vscode.workspace.workspaceFolders?.some((folder) => folder.uri.scheme === 'file')) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Open a folder first: each agent works in a copy of it.'));
      return undefined;
    }
    const state = this.deps.context.globalState;
    const agents = chosen ?? (await pickCompareAgents(this.deps.catalog, state.get<string[]>(LAST_AGENTS_KEY) ?? []));
    if (!agents) return undefined;
    await state.update(LAST_AGENTS_KEY, agents);
    const text = given?.text ?? (await askComparePrompt());
    if (text === undefined) return undefined;
    const refs = given?.context ?? [];
    const threads: ThreadController[] = [];
    for (const agentId of agents) {
      try {
        threads.push(await this.deps.chats.worktrees.create(agentId));
      } catch (error) {
        const name = this.deps.catalog.find(agentId)?.displayName ?? agentId;
        void vscode.window.showErrorMessage(
          vscode.l10n.t(
            '{0} is left out of the comparison: {1}',
            name,
            error instanceof Error ? error.message : String(error),
          ),
        );
      }
    }
    if (threads.length === 0) return undefined;
    const record: ComparisonRecord = {
      id: randomUUID(),
      prompt: text.length > MAX_PROMPT_CHARS ? `${text.slice(0, MAX_PROMPT_CHARS)}…` : text,
      context: refs.map(contextLabel),
      createdAt: Date.now(),
      columns: threads.map((thread) => ({
        threadId: thread.threadId,
        agentId: thread.agent.id,
        agentName: thread.agent.displayName,
        worktreeFolder: thread.snapshot().state.worktree?.folders[0] ?? '',
        elapsedMs: 0,
      })),
    };
    this.save(record);
    const live = await this.show(record);
    for (const thread of threads) void this.send(thread, text, refs);
    return live;
  }

  /** Whether a visible comparison tab shows the chat (its finished turn needs no notification then). */
  shows(threadId: string): boolean {
    for (const open of this.panels.values()) {
      if (open.panel.visible && open.live.record.columns.some((column) => column.threadId === threadId)) return true;
    }
    return false;
  }

  /** "Show Comparison...": a kept comparison's tab again. */
  async reopen(): Promise<void> {
    const records = this.records().reverse();
    if (records.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('No comparison yet: run "Switchboard: Compare Agents...".'),
      );
      return;
    }
    const picked = await vscode.window.showQuickPick(
      records.map((record) => ({
        label: record.prompt.split('\n')[0]!.slice(0, 120),
        description: record.columns.map((column) => column.agentName).join(' · '),
        detail: new Date(record.createdAt).toLocaleString(),
        record,
      })),
      { title: vscode.l10n.t('Show a comparison') },
    );
    if (picked) await this.show(picked.record);
  }

  /** The comparison's tab (focused when it is open already). */
  async show(record: ComparisonRecord, panel?: vscode.WebviewPanel): Promise<LiveComparison> {
    const open = this.panels.get(record.id);
    if (open && !panel) {
      open.panel.reveal();
      return open.live;
    }
    await this.deps.chats.whenRestored();
    const tab =
      panel ??
      vscode.window.createWebviewPanel(COMPARE_PANEL_TYPE, vscode.l10n.t('Compare Agents'), vscode.ViewColumn.Active, {
        enableScripts: true,
        retainContextWhenHidden: false,
      });
    tab.title = vscode.l10n.t('Compare: {0}', record.prompt.split('\n')[0]!.slice(0, 40));
    const live = new LiveComparison(record, {
      thread: (threadId) => this.deps.chats.thread(threadId),
      changedTexts: (thread) => this.deps.chats.worktrees.changedTexts(thread),
      folderNames,
      testCommand: () => this.tests.command(),
      save: (changed) => this.save(changed),
      log: this.deps.log,
      closedWords: () => vscode.l10n.t('Closed: its transcript is in Chat History.'),
    });
    void this.tests.refresh().then(() => live.changedSoon());
    const comparePanel = new ComparePanel(tab, live, this, this.deps.context.extensionUri, () => {
      this.panels.delete(record.id);
      live.dispose();
    });
    this.panels.set(record.id, comparePanel);
    return live;
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const id = (state as { comparisonId?: unknown } | undefined)?.comparisonId;
    const record = this.records().find((candidate) => candidate.id === id);
    if (!record) {
      panel.dispose();
      return;
    }
    await this.show(record, panel);
  }

  /** "Take this one": asks (`confirm`: in-host tests answer), brings the chat's changes back, discards the others. */
  async take(live: LiveComparison, threadId: string, confirm = confirmTake): Promise<void> {
    const taken = this.deps.chats.thread(threadId);
    if (!taken || live.record.taken !== undefined) return;
    const others = live.record.columns.filter((column) => column.threadId !== threadId);
    if (!(await confirm(taken.agent.displayName, others.length))) return;
    await this.deps.chats.worktrees.bringBack(taken, everyChange);
    for (const column of others) {
      const thread = this.deps.chats.thread(column.threadId);
      if (thread) await this.deps.chats.worktrees.discard(thread, async () => true);
    }
    live.setTaken(threadId);
  }

  runTests(live: LiveComparison, threadId: string | undefined): Promise<void> {
    const ids = threadId !== undefined ? [threadId] : live.record.columns.map((column) => column.threadId);
    return this.tests.run(
      live,
      ids.filter((id) => this.deps.chats.thread(id)),
    );
  }

  async followUp(live: LiveComparison, text: string, threadId: string | undefined): Promise<void> {
    const ids = threadId !== undefined ? [threadId] : live.record.columns.map((column) => column.threadId);
    const targets = ids.flatMap((id) => this.deps.chats.thread(id) ?? []);
    if (targets.length === 0) throw new Error(vscode.l10n.t('The chats of this comparison are closed.'));
    await Promise.all(targets.map((thread) => this.send(thread, text, [])));
  }

  /** The chat in the side bar; a closed one's transcript is in Chat History, which opens instead. */
  async openChat(threadId: string): Promise<void> {
    if (this.deps.chats.thread(threadId)) await this.deps.chats.openChat(threadId);
    else await vscode.commands.executeCommand('switchboard.showHistory');
  }

  async stop(threadId: string): Promise<void> {
    await this.deps.chats.thread(threadId)?.cancel();
  }

  async openDiff(live: LiveComparison, threadId: string, shown: string): Promise<void> {
    const thread = this.deps.chats.thread(threadId);
    const names = folderNames();
    const change = live.texts(threadId).find((candidate) => shownComparePath(candidate, names) === shown);
    const folders = thread && (await this.deps.chats.worktrees.folders(thread));
    const folder = folders?.find((candidate) => candidate.source === change?.source);
    if (!change || !folder || !thread) {
      void vscode.window.showInformationMessage(vscode.l10n.t('That change is no longer in the worktree.'));
      return;
    }
    const copy = path.join(folder.path, ...change.relPath.split('/'));
    await this.texts.openDiff(shown, change, copy, thread.agent.displayName);
  }

  showTestOutput(_live: LiveComparison, threadId: string): Promise<void> {
    return this.tests.showOutput(threadId);
  }

  /** A path the chat's answer names, opened in its worktree (only inside it: the path is the agent's). */
  async openPath(threadId: string, written: string, line: number | null, column: number | null): Promise<void> {
    const thread = this.deps.chats.thread(threadId);
    const folders = (thread && (await this.deps.chats.worktrees.folders(thread))) ?? [];
    const candidates = pathCandidates(
      written,
      folders.map((folder) => folder.path),
    );
    await openWorkspacePath(candidates, line, column, written);
  }

  async copy(text: string): Promise<void> {
    await vscode.env.clipboard.writeText(text);
  }

  reportError(message: string): void {
    this.deps.log(`compare: ${message}`);
    void vscode.window.showErrorMessage(message);
  }

  dispose(): void {
    this.tests.stopAll();
    for (const panel of this.panels.values()) panel.panel.dispose();
    this.scope.dispose();
  }

  /** Starts the chat's agent where it is not running, then sends (or queues) the prompt with its context moved into the worktree. */
  private async send(thread: ThreadController, text: string, refs: readonly ContextRef[]): Promise<void> {
    try {
      const connection = thread.snapshot().state.connection.kind;
      if (connection === 'stopped' || connection === 'starting') await thread.start();
      const folders = (await this.deps.chats.worktrees.folders(thread)) ?? [];
      const moved = rebaseContext(
        refs,
        folders.map((folder) => ({ from: folder.source, to: folder.path })),
      );
      const caps = thread.snapshot().state.agentCapabilities?.promptCapabilities;
      const { blocks } = contextBlocks(await resolveContext(moved), caps);
      await thread.queuePrompt(text, blocks);
    } catch (error) {
      this.reportError(
        vscode.l10n.t(
          'The prompt did not reach {0}: {1}',
          thread.agent.displayName,
          error instanceof Error ? error.message : String(error),
        ),
      );
    }
  }

  private records(): ComparisonRecord[] {
    return readComparisons(this.deps.context.workspaceState.get(RECORDS_KEY));
  }

  private save(record: ComparisonRecord): void {
    void this.deps.context.workspaceState.update(RECORDS_KEY, withRecord(this.records(), record));
  }
}

/** Workspace folder path -> name where the workspace has several folders (a changed file's path names its folder). */
function folderNames(): ReadonlyMap<string, string> {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file');
  return new Map(folders.length > 1 ? folders.map((folder) => [folder.uri.fsPath, folder.name]) : []);
}
