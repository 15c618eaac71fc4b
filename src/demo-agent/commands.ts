// The Demo agent's slash commands: what it advertises and how a prompt picks a script.
import type * as acp from '@agentclientprotocol/sdk';

export type DemoCommandName =
  | 'help'
  | 'plan'
  | 'edit'
  | 'think'
  | 'long'
  | 'slow'
  | 'refuse'
  | 'review'
  | 'diskwrite'
  | 'terminal'
  | 'shell'
  | 'subagents';

export const DEMO_COMMANDS: acp.AvailableCommand[] = [
  { name: 'help', description: 'Demo: list what the offline demo agent can show.' },
  {
    name: 'plan',
    description: 'Demo: show only a plan whose steps progress.',
    input: { hint: 'what to plan (ignored by the demo)' },
  },
  { name: 'edit', description: 'Demo: read and edit switchboard-demo.md, asking permission first.' },
  {
    name: 'think',
    description: 'Demo: stream a long thought.',
    input: { hint: 'a topic to think about (ignored by the demo)' },
  },
  { name: 'long', description: 'Demo: stream a long markdown answer (about 200 lines) to scroll through.' },
  {
    name: 'slow',
    description: 'Demo: answer slowly (about 15 s), to add a message to the running turn with Send now, or to stop it.',
  },
  { name: 'refuse', description: 'Demo: end the turn with stopReason "refusal".' },
  {
    name: 'review',
    description: 'Demo: edit switchboard-review-demo.md in two places through the editor, to review per change.',
  },
  { name: 'diskwrite', description: 'Demo: write switchboard-disk-demo.md directly on disk, as shell commands do.' },
  { name: 'terminal', description: 'Demo: run a coloured build in a real terminal, then kill a command that hangs.' },
  { name: 'shell', description: 'Demo: run a command itself (as codex-acp does) and report it as a terminal it owns.' },
  {
    name: 'subagents',
    description: 'Demo: hand the work to two subagents (a Reader that asks before editing, a Planner), side by side.',
  },
];

const COMMAND_NAMES = new Set<string>(DEMO_COMMANDS.map((command) => command.name));

/** Everything the user typed, as one string (non-text blocks are not supported by the demo). */
export function promptText(prompt: acp.ContentBlock[]): string {
  return prompt
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('')
    .trim();
}

export interface ParsedPrompt {
  /** The slash command, or null for the default showcase turn (also for unknown commands). */
  command: DemoCommandName | null;
  text: string;
}

export function parsePrompt(prompt: acp.ContentBlock[]): ParsedPrompt {
  const text = promptText(prompt);
  const match = /^\/([\w-]+)/.exec(text);
  const name = match?.[1];
  if (name !== undefined && COMMAND_NAMES.has(name)) return { command: name as DemoCommandName, text };
  return { command: null, text };
}
