// Where agents run, in words. Switchboard is a workspace extension: in a Remote window (WSL, SSH, a container, a
// tunnel, Codespaces) it runs on the remote machine, so agents start there, next to the code.
import { t } from '../shared/l10n';

/** VS Code's names of its remotes (product names, as VS Code shows them); a container is a word. */
function remoteLabel(remoteName: string): string {
  switch (remoteName) {
    case 'wsl':
      return 'WSL';
    case 'ssh-remote':
      return 'SSH';
    case 'dev-container':
      return t('Dev Container');
    case 'attached-container':
      return t('container');
    case 'codespaces':
      return 'Codespaces';
    case 'tunnel':
      return t('Remote Tunnel');
    default:
      return remoteName;
  }
}

/** "on SSH (buildbox)" for a Remote window (vscode.env.remoteName), undefined for a local one. */
export function whereAgentsRun(remoteName: string | undefined, hostname: string): string | undefined {
  if (!remoteName) return undefined;
  return t('on {0} ({1})', remoteLabel(remoteName), hostname);
}
