// The context the user attached to a message (prompt, queued, sent now, edited), as content blocks for the agent.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadController } from '../../session/api';
import { t } from '../../shared/l10n';
import { contextBlocks, contextLabel, type ContextRef } from '../../shared/promptContext';
import { parseContextRefs } from '../contextRefs';
import type { ComposerPort, ReportPort } from './chatHost';

/**
 * The content blocks of the attached context for this thread's agent. The webview already says in
 * place what the agent cannot take; if such an item still arrives it is left out and named.
 */
export async function attachedBlocks(
  host: ComposerPort & ReportPort,
  thread: ThreadController,
  raw: ContextRef[] | undefined,
): Promise<acp.ContentBlock[]> {
  const refs = parseContextRefs(raw) ?? [];
  if (refs.length === 0) return [];
  const caps = thread.snapshot().state.agentCapabilities?.promptCapabilities;
  const { blocks, refused } = contextBlocks(await host.resolveContext(refs), caps);
  if (refused.length > 0) {
    const names = refused.map(contextLabel).join(', ');
    host.reportError(
      refused.length === 1
        ? t('{0} cannot take {1}; sent without it.', thread.agent.displayName, names)
        : t('{0} cannot take {1}; sent without them.', thread.agent.displayName, names),
    );
  }
  return blocks;
}
