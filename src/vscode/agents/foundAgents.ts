// "Found on this machine": the ACP Registry agents already installed here (their command on PATH), offered in
// the agent pickers without a settings entry (src/agents/registry/pathAgents.ts decides what is found; this is
// the VS Code side). Detection runs in the background after activation and never blocks it; it reads the
// registry index from Switchboard's copy on disk (no network), and loads a fresh copy in the background only
// when there is none or it is a day old. It runs again when the index is loaded, when the settings that decide
// what is offered change (switchboard.discoverAgentsOnPath, switchboard.agents, switchboard.registry.url), after
// an install or uninstall, and when a picker opens. "Add to Settings" pins a found agent as a
// switchboard.agents entry; switchboard.discoverAgentsOnPath: false (the user's own settings) offers none.
import * as vscode from 'vscode';
import { DisposableStore, toDisposable } from '../../shared/disposableStore';
import type { AgentConfig } from '../../agents/config';
import { findAgentsOnPath, foundAgentConfig, foundAgentEntry, type FoundAgent } from '../../agents/registry/pathAgents';
import { createPathLookup } from '../../agents/registry/pathLookup';
import type { LoadedIndex } from '../../agents/registry/registryCache';
import { entriesOf, settings, settingsChanged } from '../settings';

/** A copy of the index older than this is refreshed in the background (the copy is used meanwhile). */
const INDEX_MAX_AGE_MS = 24 * 3600_000;
/** How long a restored chat waits for the first detection to know whether its agent was found on PATH. */
const FIRST_DETECTION_WAIT_MS = 2_000;

export interface FoundAgentsDeps {
  /** The index from the disk only, or undefined when there is no copy. */
  cachedIndex(): Promise<LoadedIndex | undefined>;
  /** The index from the network (with its ETag), which fires onDidLoadIndex. */
  loadIndex(): Promise<LoadedIndex>;
  onDidLoadIndex: vscode.Event<LoadedIndex>;
  /** The ids Switchboard installed from the registry. */
  installedIds(): string[];
  /** The found agents changed (the catalog and the pickers show them). */
  changed(found: AgentConfig[]): void;
  log(line: string): void;
}

export class FoundAgents implements vscode.Disposable {
  private found: FoundAgent[] = [];
  private readonly disposables = new DisposableStore();
  /** One detection at a time, and at most one waiting after it (what it would find is the same). */
  private queued: Promise<void> | undefined;
  private chain: Promise<void> = Promise.resolve();
  private first: Promise<void> | undefined;
  private fetched = false;

  constructor(private readonly deps: FoundAgentsDeps) {
    this.disposables.add(deps.onDidLoadIndex(() => void this.refresh()));
    this.disposables.add(
      vscode.workspace.onDidChangeConfiguration((event) => {
        // Another registry may have no copy on disk yet: it is loaded once too.
        if (settingsChanged(event, ['registry.url'])) this.fetched = false;
        if (settingsChanged(event, ['discoverAgentsOnPath', 'agents', 'registry.url'])) void this.refresh();
      }),
    );
  }

  /** Starts the first detection off the activation path. */
  start(): void {
    const first = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 0);
      this.disposables.add(toDisposable(() => clearTimeout(timer)));
    }).then(() => this.refresh());
    const enough = new Promise<void>((resolve) => setTimeout(resolve, FIRST_DETECTION_WAIT_MS).unref?.());
    this.first = Promise.race([first, enough]);
  }

  /** Resolves once the first detection is done (or after a short wait): restored chats look their agent up then. */
  whenReady(): Promise<void> {
    return this.first ?? Promise.resolve();
  }

  enabled(): boolean {
    return settings.get('discoverAgentsOnPath');
  }

  /** The found agents, as the catalog runs them. */
  configs(): AgentConfig[] {
    return this.found.map(foundAgentConfig);
  }

  /** Detects again, after the detection running if any; resolves once the list is current. */
  refresh(): Promise<void> {
    if (!this.queued) {
      this.queued = this.chain
        .then(() => {
          this.queued = undefined;
          return this.detect();
        })
        .catch((error: unknown) => this.deps.log(`[switchboard] finding agents on PATH: ${message(error)}`));
      this.chain = this.queued;
    }
    return this.queued;
  }

  /** Writes the found agent as a switchboard.agents entry (user settings); false when it is not found (any more). */
  async addToSettings(id: string): Promise<boolean> {
    const found = this.found.find((agent) => agent.id === id);
    if (!found) return false;
    const agents = entriesOf(settings.userValue('agents'));
    if (agents[id] !== undefined) return false;
    await settings.update('agents', { ...agents, [id]: foundAgentEntry(found) });
    return true;
  }

  dispose(): void {
    this.disposables.dispose();
  }

  private async detect(): Promise<void> {
    if (!this.enabled()) return this.set([]);
    const index = await this.deps.cachedIndex();
    if (!this.fetched && (!index || Date.now() - index.fetchedAt > INDEX_MAX_AGE_MS)) {
      // Once per window and registry: the load fires onDidLoadIndex, which detects again with the new copy.
      this.fetched = true;
      this.deps
        .loadIndex()
        .catch((error: unknown) => this.deps.log(`[switchboard] loading the registry index: ${message(error)}`));
    }
    if (!index) return this.set([]);
    const entries = entriesOf(settings.get('agents'));
    const lookup = createPathLookup({ path: process.env.PATH ?? '', pathext: process.env.PATHEXT });
    const found = await findAgentsOnPath(index.agents, lookup, {
      skipIds: [...this.deps.installedIds(), ...Object.keys(entries)],
      skipCommands: Object.values(entries).flatMap((entry) => {
        const command = (entry as { command?: unknown } | null)?.command;
        return typeof command === 'string' ? [command] : [];
      }),
    });
    // The setting may have been turned off while the folders were read.
    this.set(this.enabled() ? found : []);
  }

  private set(found: FoundAgent[]): void {
    const key = (list: FoundAgent[]) => JSON.stringify(list);
    if (key(found) === key(this.found)) return;
    for (const agent of found) {
      if (agent.droppedEnv.length > 0)
        this.deps.log(
          `[switchboard] ${agent.id} (found at ${agent.path}): registry env left out: ${agent.droppedEnv.join(', ')}`,
        );
    }
    this.found = found;
    this.deps.changed(this.configs());
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
