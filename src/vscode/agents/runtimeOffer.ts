// A registry install found npm or uv missing: offer to fetch Node.js or uv into Switchboard's storage
// (src/agents/registry/managedRuntime.ts), in a modal that says what is missing and where it would come from.
// Nothing is downloaded unless the user says so. The runtime's place comes from the user's mirror settings.
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  ManagedRuntimes,
  nodeRuntime,
  uvRuntime,
  type RuntimeName,
  type RuntimeSpec,
} from '../../agents/registry/managedRuntime';
import type { MissingToolError } from '../../agents/registry/toolRunner';
import { errorMessage } from '../../shared/errorMessage';
import { settings } from '../settings';

export class RuntimeOffer {
  private readonly runtimes: ManagedRuntimes;

  constructor(
    storage: vscode.Uri,
    private readonly log: (line: string) => void,
  ) {
    this.runtimes = new ManagedRuntimes(path.join(storage.fsPath, 'runtimes'));
  }

  /** The fetched runtime's bin folder (the installer runs npm/uv and node from it), or undefined. */
  binDir(name: RuntimeName): string | undefined {
    const spec = runtimeSpec(name);
    return spec instanceof Error ? undefined : this.runtimes.binDir(spec);
  }

  /** Asks, and fetches on yes; true when the runtime is there and the install can go again. */
  async offer(agentName: string, missing: MissingToolError): Promise<boolean> {
    const name: RuntimeName = /(^|[\\/])uv(\.exe)?$/.test(missing.command) ? 'uv' : 'node';
    const spec = runtimeSpec(name);
    if (spec instanceof Error) return false;
    const fetch = vscode.l10n.t('Download {0}', spec.label);
    const myself = vscode.l10n.t('Install It Myself');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('{0} needs {1}, which is not installed here.', agentName, spec.product),
      {
        modal: true,
        detail: vscode.l10n.t(
          '{0}\n\nSwitchboard can download {1} from {2}, check it against the SHA-256 published there, keep it in its own storage and use it for agents installed from the registry. Nothing else on this machine changes.',
          missing.message,
          spec.label,
          new URL(spec.archiveUrl).host,
        ),
      },
      fetch,
      myself,
    );
    if (choice === myself) {
      const page = name === 'uv' ? 'https://docs.astral.sh/uv/getting-started/installation/' : 'https://nodejs.org/';
      void vscode.env.openExternal(vscode.Uri.parse(page));
      return false;
    }
    if (choice !== fetch) return false;
    try {
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Downloading {0}…', spec.label) },
        () => this.runtimes.install(spec),
      );
      this.log(`[switchboard] fetched ${spec.label} from ${spec.archiveUrl}`);
      return true;
    } catch (error) {
      const reason = errorMessage(error).replace(/\.$/, '');
      void vscode.window.showErrorMessage(vscode.l10n.t('{0} was not downloaded: {1}', spec.label, reason));
      return false;
    }
  }
}

/** The runtime to fetch, from the user's mirror settings (switchboard.registry.nodeDistUrl / uvReleasesUrl). */
function runtimeSpec(name: RuntimeName): RuntimeSpec | Error {
  return name === 'node'
    ? nodeRuntime(settings.get('registry.nodeDistUrl'))
    : uvRuntime(settings.get('registry.uvReleasesUrl'));
}
