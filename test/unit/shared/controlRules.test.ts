// The UI's capability rules: each control with the capability on and off, the sentence it shows in
// place, and malformed capabilities (a wrong type is "no").
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { controlNote, controlState, controlStates, type ChatControl } from '../../../src/shared/controlRules';

const name = 'Gemini';
// session/fork is UNSTABLE: not in the stable AgentCapabilities type.
const on = {
  loadSession: true,
  promptCapabilities: { image: true, embeddedContext: true },
  mcpCapabilities: { http: true, sse: true },
  auth: { logout: {} },
  sessionCapabilities: { fork: {} },
} as acp.AgentCapabilities;

describe('controlState', () => {
  it('every control is available when its capability is advertised (and fork is switched on)', () => {
    const initializeMeta = { steering: { supported: true } };
    const states = controlStates({ capabilities: on, agentName: name, forkEnabled: true, initializeMeta });
    for (const state of Object.values(states)) expect(state).toEqual({ kind: 'available' });
  });

  it.each<[ChatControl, string]>([
    ['attachImage', 'Gemini does not support images in messages (it does not advertise promptCapabilities.image).'],
    ['continueChat', 'Gemini does not support reopening earlier chats (it does not advertise loadSession).'],
    ['mcpHttp', 'Gemini does not support MCP servers over HTTP (it does not advertise mcpCapabilities.http).'],
    ['mcpSse', 'Gemini does not support MCP servers over SSE (it does not advertise mcpCapabilities.sse).'],
    ['logout', 'Gemini does not support signing out (it does not advertise auth.logout).'],
    ['forkFromMessage', 'Gemini does not support forking a chat (it does not advertise sessionCapabilities.fork).'],
  ])('%s without its capability is unavailable and says why', (control, reason) => {
    for (const capabilities of [null, {}, { promptCapabilities: {}, mcpCapabilities: {}, sessionCapabilities: {} }]) {
      const state = controlState(control, { capabilities, agentName: name, forkEnabled: true });
      expect(state).toEqual({ kind: 'unavailable', reason });
      expect(controlNote(state)).toBe(reason);
    }
  });

  it('a file without embeddedContext still goes, as a link, and says so', () => {
    const state = controlState('embedContext', { capabilities: { promptCapabilities: {} }, agentName: name });
    expect(state).toEqual({
      kind: 'degraded',
      note: 'Sent as a link, not its text: Gemini does not support file contents attached to messages (it does not advertise promptCapabilities.embeddedContext).',
    });
  });

  it('continuing a chat needs load or resume, either one', () => {
    const ctx = (capabilities: acp.AgentCapabilities) => ({ capabilities, agentName: name });
    expect(controlState('continueChat', ctx({ loadSession: true })).kind).toBe('available');
    expect(controlState('continueChat', ctx({ sessionCapabilities: { resume: {} } })).kind).toBe('available');
    expect(controlState('continueChat', ctx({ loadSession: 'yes' as unknown as boolean })).kind).toBe('unavailable');
  });

  it('fork needs the setting and the capability: off wins even when the agent offers it', () => {
    expect(controlState('forkFromMessage', { capabilities: on, agentName: name })).toEqual({
      kind: 'unavailable',
      reason: 'Forking a chat is off (setting switchboard.experimental.fork).',
    });
    expect(controlState('forkFromMessage', { capabilities: on, agentName: name, forkEnabled: false }).kind).toBe(
      'unavailable',
    );
  });

  it("Send now joins the running turn where initialize's _meta advertises steering, else it stops the turn first", () => {
    const steers = (initializeMeta: unknown) =>
      controlState('steerTurn', { capabilities: on, agentName: name, initializeMeta });
    expect(steers({ steering: { supported: true } })).toEqual({ kind: 'available' });
    const degraded = {
      kind: 'degraded',
      note: 'Gemini cannot add a message to its running turn (it does not advertise _meta.steering.supported).',
    };
    for (const initializeMeta of [undefined, null, {}, { steering: {} }, { steering: { supported: 'true' } }, 'x'])
      expect(steers(initializeMeta)).toEqual(degraded);
    // Advertised in agentCapabilities' own _meta it is not the agents' convention: not taken.
    const inCapabilities = { ...on, _meta: { steering: { supported: true } } } as acp.AgentCapabilities;
    expect(controlState('steerTurn', { capabilities: inCapabilities, agentName: name }).kind).toBe('degraded');
  });

  it('malformed capabilities count as not advertised', () => {
    const bad = {
      promptCapabilities: { image: 1, embeddedContext: 'true' },
      mcpCapabilities: { http: 'yes' },
      auth: { logout: true },
      sessionCapabilities: { fork: [] },
    } as unknown as acp.AgentCapabilities;
    const states = controlStates({ capabilities: bad, agentName: name, forkEnabled: true });
    expect(states.attachImage.kind).toBe('unavailable');
    expect(states.embedContext.kind).toBe('degraded');
    expect(states.mcpHttp.kind).toBe('unavailable');
    expect(states.logout.kind).toBe('unavailable');
    expect(states.forkFromMessage.kind).toBe('unavailable');
  });
});
