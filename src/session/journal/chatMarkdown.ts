// A chat as a Markdown document (the history's "Export as Markdown"): who said what, tool calls
// with their status and the files they touched, and the points where the agent lost the context.
// Agent text is Markdown already and is kept as it is; headings of ours are plain. Pure.
import { currentModelName } from '../../shared/configOptions';
import { t } from '../../shared/l10n';
import { noteWords, toolTitle } from '../../shared/entryWords';
import { failureWords } from '../../shared/failureWords';
import type { ContinueHow, Entry, MessagePart, ThreadState } from '../../shared/thread';
import type { SubagentCard, SubagentWork } from '../../shared/subagentTypes';
import { childOf } from '../../shared/subagents';

export function chatMarkdown(title: string, state: ThreadState): string {
  const lines: string[] = [`# ${oneLine(title)}`, '', t('Agent: {0}', oneLine(state.agent.displayName))];
  const model = currentModelName(state.configOptions);
  if (model !== null) lines.push(t('Model: {0}', oneLine(model)));
  if (state.sessionId) lines.push(t('Session: {0}', '`' + state.sessionId.replace(/`/g, '') + '`'));
  lines.push('');
  lines.push(transcriptMarkdown(state, null, state));
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The entries of one session's transcript (`sessionId` null: the chat's; `root` holds every subagent session). */
function transcriptMarkdown(session: ThreadState, sessionId: string | null, root: ThreadState): string {
  const lines: string[] = [];
  for (const entry of session.entries) {
    const text = entry.kind === 'subagent' ? subagentMarkdown(entry, sessionId, root) : entryMarkdown(entry);
    if (text !== null) lines.push(text, '');
  }
  return lines.join('\n').trimEnd();
}

/**
 * A subagent session's card and, under it, its transcript, quoted (a child's child one level deeper). Only
 * the session that announced a child shows its transcript: nothing is written twice, nor in a loop.
 */
function subagentMarkdown(card: SubagentCard, announcer: string | null, root: ThreadState): string {
  const name = oneLine(card.title ?? '') || card.sessionId;
  const description = card.description ? ` — ${oneLine(card.description)}` : '';
  const head = `**${t('Subagent: {0} ({1})', name, workText(card.work))}**${description}`;
  const child = childOf(root, card.sessionId);
  const transcript =
    child && child.parentSessionId === announcer ? transcriptMarkdown(child.state, card.sessionId, root) : '';
  return quote(transcript ? `${head}\n\n${transcript}` : head);
}

function workText(work: SubagentWork): string {
  switch (work.state) {
    case 'idle': {
      const reason = work.stopReason ? `: ${oneLine(work.stopReason)}` : '';
      return `idle${reason}${work.error ? ` — ${oneLine(work.error)}` : ''}`;
    }
    case 'other':
      return oneLine(work.name);
    default:
      return work.state;
  }
}

function entryMarkdown(entry: Entry): string | null {
  switch (entry.kind) {
    case 'user':
      return heading(entry.steered ? t('You (sent while the agent worked)') : t('You'), partsText(entry.parts));
    case 'agent':
      return heading(t('Agent'), partsText(entry.parts));
    case 'thought':
      return quote(t('Thinking: {0}', partsText(entry.parts)));
    case 'tool': {
      const files = entry.tool.locations.map((location) => `\`${location.path}\``).join(', ');
      const tool = t('Tool: {0} ({1})', oneLine(toolTitle(entry.tool)), entry.tool.status);
      return files ? `- ${tool} — ${files}` : `- ${tool}`;
    }
    case 'failure':
      return quote(t('The agent stopped: {0}', oneLine(failureWords(entry.failure).title)));
    case 'continued':
      return quote(continuedText(entry.how));
    case 'notice':
      return quote(noteWords(entry.note));
    case 'agentNotice': {
      const description = entry.description ? ` — ${oneLine(entry.description)}` : '';
      return quote(t('Notice ({0}): {1}', oneLine(entry.severity), oneLine(entry.title)) + description);
    }
    case 'compaction': {
      const summary = partsText(entry.summary);
      if (entry.status !== 'completed') {
        const error = entry.error ? `: ${oneLine(entry.error)}` : '';
        return quote(t('Context compaction ({0})', oneLine(entry.status)) + error);
      }
      return quote(
        summary
          ? `${t('Context compacted. Summary:')}

${summary}`
          : t('Context compacted.'),
      );
    }
    case 'turnEnd':
      return entry.stopReason === 'end_turn' ? null : quote(t('The turn ended: {0}.', entry.stopReason));
    case 'subagent': // with its transcript: subagentMarkdown
      return null;
    case 'sessionMessage': {
      const from = entry.senderSessionId ?? '?';
      const to = entry.recipientSessionId ?? '?';
      return quote(`${t('Message from {0} to {1}:', from, to)}\n\n${partsText(entry.parts)}`);
    }
    case 'protocolError':
    case 'elicitation':
    case 'elicitationUrl':
      return null;
  }
}

function heading(who: string, text: string): string {
  return `## ${who}\n\n${text}`;
}

function continuedText(how: ContinueHow): string {
  switch (how) {
    case 'new':
      return t('The agent starts fresh from here (it does not know the conversation above).');
    case 'resumed':
      return t('Chat resumed.');
    case 'loaded':
      return t('Chat loaded.');
    case 'forked':
      return t('Chat forked.');
    case 'seeded':
      return t('Chat seeded.');
  }
}

function partsText(parts: readonly MessagePart[]): string {
  return parts
    .map((part) => (part.kind === 'text' ? part.text : `[${part.block.type}]`))
    .join('')
    .trim();
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
