// Threads for the layout tests, built with the real reducer from the actions the host sends.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../../src/shared/actions';
import type { AgentChoice } from '../../src/shared/messages';
import { FileTexts } from '../../src/review/fileTexts';
import { ToolDiffs } from '../../src/session/updates/toolDiffs';
import { reduce } from '../../src/shared/reduce';
import { createThreadState, type ThreadState } from '../../src/shared/thread';

export const DEMO: AgentChoice = { id: 'demo', displayName: 'Demo agent', isDemo: true, commandLine: 'demo' };

export function ready(configOptions: acp.SessionConfigOption[] | null = null): ThreadAction[] {
  return [
    { type: 'initialized', agentInfo: { name: 'demo', title: 'Demo agent', version: '1' }, agentCapabilities: {} },
    { type: 'sessionStarted', sessionId: 's1', modes: null, configOptions },
    { type: 'connection', state: { kind: 'ready' } },
  ];
}

export function thread(actions: ThreadAction[]): ThreadState {
  const agent = { id: DEMO.id, displayName: DEMO.displayName, isDemo: true };
  return actions.reduce(reduce, createThreadState({ agentId: 'demo', threadId: 't1' }, agent));
}

export function prompt(text: string): ThreadAction {
  return { type: 'promptSent', prompt: [{ type: 'text', text }] };
}

const toolDiffs = new ToolDiffs(new FileTexts());

/** A session update as the host's intake hands it on (a tool call's diff texts become hunks). */
export function update(u: acp.SessionUpdate): ThreadAction {
  return { type: 'sessionUpdate', update: toolDiffs.update(u) };
}

/** A turn like the Demo agent's: an answer with a code block, an edit with its diff, a command, the turn's end. */
export function demoTurn(): ThreadAction[] {
  // Code with every kind of token the highlighter colours (keywords, strings, numbers, literals, comments,
  // titles, classes, built-ins, parameters, attributes), one line long enough to scroll.
  const code = [
    '// greets the user',
    'import { readFile } from "node:fs/promises";',
    'export class Greeter extends Base {',
    '  private count = 42;',
    '  async greet(name: string, loud = false): Promise<string> {',
    '    const text = `Hello, ${name}! Welcome to the Switchboard demo workspace, where agents edit files.`;',
    '    return loud ? text.toUpperCase() : text + (await readFile("x", "utf8")) + null + undefined;',
    '  }',
    '}',
  ].join('\n');
  const answer = `I will add a greeting.\n\n\`\`\`ts\n${code}\n\`\`\`\n\n\`\`\`json\n{ "name": "demo", "version": 1, "private": true }\n\`\`\`\n`;
  return [
    prompt('/edit'),
    update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: answer } }),
    update({
      sessionUpdate: 'tool_call',
      toolCallId: 'edit-1',
      title: 'Edit switchboard-demo.md',
      kind: 'edit',
      status: 'in_progress',
      locations: [{ path: '/work/demo/switchboard-demo.md' }],
      content: [
        {
          type: 'diff',
          path: '/work/demo/switchboard-demo.md',
          oldText: '# Demo\n\nfirst line\nsecond line\n',
          newText: '# Demo\n\nfirst line, edited\nsecond line\nthird line\n',
        },
      ],
    }),
    update({ sessionUpdate: 'tool_call_update', toolCallId: 'edit-1', status: 'completed' }),
    update({
      sessionUpdate: 'tool_call',
      toolCallId: 'run-1',
      title: 'Run the demo build',
      kind: 'execute',
      status: 'completed',
      rawInput: { command: 'npm run build' },
      content: [{ type: 'content', content: { type: 'text', text: 'built in 1.2 s' } }],
    }),
    update({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: 'Done: the file has a third line.' },
    }),
    { type: 'turnEnded', stopReason: 'end_turn' },
  ];
}
