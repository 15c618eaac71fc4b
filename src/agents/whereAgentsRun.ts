// Where agents run, in words. Switchboard is a workspace extension: in a Remote window (WSL, SSH, a container, a
// tunnel, Codespaces) it runs on the remote machine, so agents start there, next to the code.
const NAMES: Record<string, string> = {
  wsl: 'WSL',
  'ssh-remote': 'SSH',
  'dev-container': 'Dev Container',
  'attached-container': 'container',
  codespaces: 'Codespaces',
  tunnel: 'Remote Tunnel',
};

/** "on SSH (buildbox)" for a Remote window (vscode.env.remoteName), undefined for a local one. */
export function whereAgentsRun(remoteName: string | undefined, hostname: string): string | undefined {
  if (!remoteName) return undefined;
  return `on ${NAMES[remoteName] ?? remoteName} (${hostname})`;
}
