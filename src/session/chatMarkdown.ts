// A chat as a Markdown document (the history's "Export as Markdown"): who said what, tool calls
// with their status and the files they touched, and the points where the agent lost the context.
// Agent text is Markdown already and is kept as it is; headings of ours are plain. Pure.
import type { Entry, MessagePart, ThreadState } from '../shared/thread';

export function chatMarkdown(title: string, state: ThreadState): string {
  const lines: string[] = [`# ${oneLine(title)}`, '', `Agent: ${oneLine(state.agent.displayName)}`];
  if (state.sessionId) lines.push(`Session: \`${state.sessionId.replace(/`/g, '')}\``);
  lines.push('');
  for (const entry of state.entries) {
    const text = entryMarkdown(entry);
    if (text !== null) lines.push(text, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function entryMarkdown(entry: Entry): string | null {
  switch (entry.kind) {
    case 'user':
      return `## You\n\n${partsText(entry.parts)}`;
    case 'agent':
      return `## Agent\n\n${partsText(entry.parts)}`;
    case 'thought':
      return quote(`Thinking: ${partsText(entry.parts)}`);
    case 'tool': {
      const files = entry.tool.locations.map((location) => `\`${location.path}\``).join(', ');
      return `- Tool: ${oneLine(entry.tool.title)} (${entry.tool.status})${files ? ` — ${files}` : ''}`;
    }
    case 'failure':
      return quote(`The agent stopped: ${oneLine(entry.failure.title)}`);
    case 'continued':
      return quote(
        entry.how === 'new'
          ? 'The agent starts fresh from here (it does not know the conversation above).'
          : `Chat ${entry.how}.`,
      );
    case 'notice':
      return quote(entry.text);
    case 'turnEnd':
      return entry.stopReason === 'end_turn' ? null : quote(`The turn ended: ${entry.stopReason}.`);
    case 'protocolError':
    case 'elicitation':
      return null;
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
