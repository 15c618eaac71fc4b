// What the permission rules match a request on (src/chat/permissionRules.ts's PermissionSubject): its kind, its
// command, the places of the paths it names (real paths, src/fs/pathPlaces.ts) and the origins of its URLs.
import type { PermissionSubject } from '../../chat/permissionRules';
import { commandOf } from '../../chat/permissionRules';
import { requestTargets, urlOrigin } from '../../chat/requestTargets';
import { placePaths } from '../../fs/pathPlaces';
import type { ToolCallView } from '../../shared/thread';

export async function permissionSubject(
  agentId: string,
  tool: ToolCallView,
  workspaceFolders: readonly string[],
): Promise<PermissionSubject> {
  const command = tool.kind === 'execute' ? commandOf(tool.rawInput) : undefined;
  const targets = requestTargets(tool);
  if (!targets) return { agentId, kind: tool.kind, command };
  const origins = targets.urls.map(urlOrigin);
  return {
    agentId,
    kind: tool.kind,
    command,
    paths: await placePaths(targets.paths, workspaceFolders),
    origins: origins.every((o): o is string => o !== undefined) ? origins : undefined,
  };
}
