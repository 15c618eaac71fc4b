// The words the Demo agent says. Fixed text (no clock, no randomness) so every run, and every
// test, sees the same stream.

export const DEMO_FILE_NAME = 'switchboard-demo.md';
/** The file the showcase's code block names (its Apply button writes it). */
export const APPLY_DEMO_FILE_NAME = 'switchboard-apply-demo.ts';

export const DEMO_NOTICE = "This is Switchboard's offline demo agent: no model, no network, no account.";

export const SHOWCASE_THOUGHT =
  `${DEMO_NOTICE} This thought is scripted to show how reasoning streams in a collapsible block. ` +
  'A real agent would weigh the request here; the demo will make a plan, show some formatted markdown, ' +
  `read ${DEMO_FILE_NAME} from your workspace and then ask before appending one line to it.`;

export const SHOWCASE_PLAN = [
  'Explain what the demo agent does',
  `Read ${DEMO_FILE_NAME}`,
  `Append a line to ${DEMO_FILE_NAME} (after asking)`,
];

export const SHOWCASE_MARKDOWN = `## Switchboard demo

${DEMO_NOTICE} Everything below is scripted so you can try the chat without any setup:

- **Streaming** text, split into small chunks
- A *plan* that updates as the turn moves on
- Tool calls that read and edit a file through the editor
- A permission request shown inline in the tool call

| Feature | Shown by |
| --- | --- |
| Thinking | \`/think\` |
| Plans | \`/plan\` |
| File edits | \`/edit\` |
| Long answers | \`/long\` |
| Adding a message to a running turn | \`/slow\` |

Slash commands are sent as plain text, for example \`/help\`. Here is a fenced code block that names a file: **Apply**
writes it into your workspace, pending review like an agent's edit:

\`\`\`ts ${APPLY_DEMO_FILE_NAME}
// What a client does with each session/update
function onUpdate(update: SessionUpdate): void {
  thread = reduce(thread, toAction(update));
}
\`\`\`

Next, the demo reads \`${DEMO_FILE_NAME}\` in your workspace.
`;

export const CLOSING_MESSAGE = `

That's the whole showcase. Type \`/help\` to see the other demo commands, or pick a real agent to do real work.`;

export const NO_FS_MESSAGE = `

The demo would now read and edit \`${DEMO_FILE_NAME}\`, but this client did not advertise \`fs.readTextFile\` and \`fs.writeTextFile\` in \`initialize\`, so the demo agent cannot edit files here.`;

export const HELP_MESSAGE = `## What the demo agent can do

${DEMO_NOTICE} It speaks the real Agent Client Protocol, so it exercises the same code paths as any agent.

- Any text: the full showcase (thought, plan, markdown, a file read, a file edit with permission, usage, a title)
- \`/help\`: this list
- \`/plan\`: only a plan whose steps progress
- \`/edit\`: only the read and edit of \`${DEMO_FILE_NAME}\`
- \`/think\`: a long thought
- \`/long\`: a long markdown answer to scroll through
- \`/refuse\`: a turn that ends with a refusal
- \`/review\`: edit \`switchboard-review-demo.md\` in two places through the editor (Keep one change, Undo the other)
- \`/diskwrite\`: write \`switchboard-disk-demo.md\` directly on disk; it shows up in the Changes view
- \`/terminal\`: run a coloured build in a real terminal (Stop, Open in Terminal), then a command the agent kills after 2 s
- \`/shell\`: run a command in the agent's own process and report it as a terminal it owns (as codex-acp does)
- \`/subagents\`: hand the work to two subagents side by side: a Reader that reads \`${DEMO_FILE_NAME}\` and asks before appending a line (it can be stopped on its own), and a Planner that drafts a plan
- \`/slow\`: a slow answer (about 15 seconds): type a message meanwhile and press **Send now** on it to add it to the running turn; the answer takes it in

Modes (Ask / Code / Architect) and the Model and Thinking options can be changed; the demo only echoes them.`;

export const PLAN_ONLY_ENTRIES = ['Sketch the change', 'Write the code', 'Check the result'];

export const PLAN_ONLY_MESSAGE = `${DEMO_NOTICE} The plan above was scripted; nothing was changed.`;

export const REFUSAL_MESSAGE = `${DEMO_NOTICE} It refuses this request on purpose, to show how a refusal ends the turn.`;

export const LONG_THOUGHT_PARAGRAPHS = [
  DEMO_NOTICE,
  'First, consider what the user sees while an agent thinks: a block that grows as chunks arrive, which should stay readable and collapsible, and which should not push the answer away.',
  'Second, consider the cost of rendering: each chunk should cost the size of the chunk, not the size of everything said so far, or long thoughts would slow the whole panel down.',
  'Third, consider cancellation: a long thought is a good moment to press Stop, and the agent should stop streaming at once and end the turn as cancelled.',
  'Finally, the answer: this thought is scripted, so the conclusion is simply that the demo works as designed.',
];

export const LONG_THOUGHT_ANSWER = 'Done thinking. (This was a scripted demo thought.)';

/** About 200 lines of markdown: sections with lists, a table and code, numbered so scrolling is easy to follow. */
export function longMarkdown(): string {
  const lines: string[] = [
    '# A long demo answer',
    '',
    `${DEMO_NOTICE} This answer is long on purpose, to try scrolling.`,
    '',
  ];
  for (let section = 1; section <= 10; section++) {
    lines.push(`## Section ${section}`, '');
    for (let item = 1; item <= 8; item++) {
      lines.push(`- Section ${section}, point ${item}: streaming keeps going while you scroll.`);
    }
    lines.push('', '| Line | Value |', '| --- | --- |');
    lines.push(`| ${section}.a | ${section * 10} |`, `| ${section}.b | ${section * 20} |`, '');
    lines.push('```ts', `const section${section} = ${section};`, '```', '');
  }
  // A numbered list past 9 (its numbers take two digits) and long enough to stream item by item.
  lines.push('## Checklist', '');
  for (let step = 1; step <= 12; step++) lines.push(`${step}. Step ${step} of the checklist is done.`);
  lines.push('', 'The end of the long demo answer.');
  return lines.join('\n');
}

/** The line the demo appends to its file: numbered from the file itself, so no clock is needed. */
export function demoEditLine(editNumber: number, turnNumber: number): string {
  return `- Demo edit #${editNumber} at turn ${turnNumber}`;
}

const DEMO_FILE_HEADER = `# Switchboard demo file\n\nWritten by Switchboard's offline demo agent. Safe to delete.\n\n`;

/** The file after one more demo edit; a missing or empty file gets a short header first. */
export function appendDemoEdit(oldText: string, turnNumber: number): string {
  const editNumber = (oldText.match(/^- Demo edit #\d+/gm)?.length ?? 0) + 1;
  const base = oldText === '' ? DEMO_FILE_HEADER : oldText.endsWith('\n') ? oldText : `${oldText}\n`;
  return `${base}${demoEditLine(editNumber, turnNumber)}\n`;
}

export function describeFile(text: string | null): string {
  if (text === null || text === '')
    return `${DEMO_FILE_NAME} does not exist yet (or is empty); the demo will create it.`;
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  return `${DEMO_FILE_NAME} has ${lines} line${lines === 1 ? '' : 's'} (${text.length} characters).`;
}

export const SUBAGENTS_INTRO = `${DEMO_NOTICE} It hands this turn to two subagents working side by side: a Reader and a Planner.`;

export const READER_TASK = `Read ${DEMO_FILE_NAME}, then append one line to it (ask first).`;
export const READER_START = `Reading ${DEMO_FILE_NAME}.`;
export const READER_NO_FS = `Could not read ${DEMO_FILE_NAME}: this client did not advertise fs.readTextFile and fs.writeTextFile.`;
export const READER_EDIT_OUTCOMES = {
  written: 'Appended one line.',
  rejected: 'The edit was not allowed, so nothing was written.',
  failed: 'The client could not write the file.',
} as const;

export const PLANNER_TASK = 'Draft a plan for the follow-up.';
export const PLANNER_START = 'Drafting a plan.';
export const PLANNER_STEPS = ['Read the notes', 'Pick the next change', 'Write it down'];
export const PLANNER_RESULT = 'A three-step plan is ready.';

export const SUBAGENT_CANCELLED = 'Stopped: this subagent was cancelled.';
export const SUBAGENT_FAILED = 'This subagent failed.';

/** The closing message: what each subagent reported; `native` says whether they were shown as child sessions. */
export function subagentsSummary(outcomes: { title: string; result: string }[], native: boolean): string {
  const lines = outcomes.map((outcome) => `- **${outcome.title}**: ${outcome.result}`);
  const how = native
    ? 'Each subagent ran in its own child session; open one to see its work.'
    : 'This client did not advertise subagent sessions (`clientCapabilities.subagents`), so their work appears as tool calls in this chat.';
  return `Both subagents are done.\n\n${lines.join('\n')}\n\n${how}`;
}

/** /slow: said a few words at a time, slowly enough to add a message (Send now) while it streams. */
export const SLOW_ANSWER = `${DEMO_NOTICE} This answer comes slowly on purpose. While it streams, type a message: Enter queues it for after the turn, and **Send now** on it adds it to this turn instead, as a message the agent reads while it works (the demo agent advertises steering). The demo takes it in at once and says so, then goes on where it was. With an agent that cannot take a message mid-turn, Send now stops the turn first.`;

/** How the demo acknowledges a message added to its running turn. */
export function steeredNote(text: string): string {
  return `\n\n> Noted: ${text.trim()}\n\n`;
}

/** The end of /slow: how many messages joined the turn. */
export function slowClosing(steered: number): string {
  if (steered === 0) return '\n\nDone. No message was added to this turn.';
  return `\n\nDone. ${steered === 1 ? 'One message was' : `${steered} messages were`} added to this turn while it ran.`;
}
