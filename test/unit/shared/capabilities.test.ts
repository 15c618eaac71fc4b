import { describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import {
  AGENT_FEATURES,
  agentOffers,
  agentSteers,
  featureStates,
  METHOD_FEATURES,
  requestProblem,
  whyUnavailable,
  type AgentFeature,
} from '../../../src/shared/capabilities';
import { GATED_METHODS, METHOD_NEEDS } from './methodCapabilities';

/** Every capability advertised, in the spec's forms (`true` for booleans, `{}` for objects). */
const EVERYTHING = {
  loadSession: true,
  promptCapabilities: { image: true, audio: true, embeddedContext: true },
  mcpCapabilities: { http: true, sse: true, acp: true },
  auth: { logout: {} },
  sessionCapabilities: { list: {}, delete: {}, resume: {}, close: {}, fork: {}, additionalDirectories: {} },
} as acp.AgentCapabilities;

/** The capability that grants each feature, as a path into agentCapabilities, with its "on" value. */
const GRANTS: Record<AgentFeature, [string[], unknown]> = {
  loadSession: [['loadSession'], true],
  resumeSession: [['sessionCapabilities', 'resume'], {}],
  listSessions: [['sessionCapabilities', 'list'], {}],
  closeSession: [['sessionCapabilities', 'close'], {}],
  deleteSession: [['sessionCapabilities', 'delete'], {}],
  forkSession: [['sessionCapabilities', 'fork'], {}],
  additionalDirectories: [['sessionCapabilities', 'additionalDirectories'], {}],
  logout: [['auth', 'logout'], {}],
  image: [['promptCapabilities', 'image'], true],
  audio: [['promptCapabilities', 'audio'], true],
  embeddedContext: [['promptCapabilities', 'embeddedContext'], true],
  mcpHttp: [['mcpCapabilities', 'http'], true],
  mcpSse: [['mcpCapabilities', 'sse'], true],
  mcpAcp: [['mcpCapabilities', 'acp'], true],
};

function withGrant(path: string[], value: unknown): acp.AgentCapabilities {
  const root: Record<string, unknown> = {};
  let node = root;
  for (const key of path.slice(0, -1)) node = (node[key] = {}) as Record<string, unknown>;
  node[path[path.length - 1]!] = value;
  return root as acp.AgentCapabilities;
}

describe('agentOffers', () => {
  it('nothing optional before initialize answered, or with empty capabilities', () => {
    for (const feature of AGENT_FEATURES) {
      expect(agentOffers(null, feature)).toBe(false);
      expect(agentOffers(undefined, feature)).toBe(false);
      expect(agentOffers({}, feature)).toBe(false);
    }
  });

  it('everything when everything is advertised', () => {
    for (const feature of AGENT_FEATURES) expect(agentOffers(EVERYTHING, feature)).toBe(true);
  });

  it.each(AGENT_FEATURES)('%s: granted by its own capability alone; null, false and wrong types deny it', (feature) => {
    const [path, on] = GRANTS[feature];
    const granted = withGrant(path, on);
    expect(agentOffers(granted, feature)).toBe(true);
    // It grants nothing else.
    for (const other of AGENT_FEATURES.filter((candidate) => candidate !== feature)) {
      expect(agentOffers(granted, other)).toBe(false);
    }
    for (const off of [null, false, undefined, 'yes', 1, []])
      expect(agentOffers(withGrant(path, off), feature)).toBe(false);
    // `{}` is not `true` for a boolean capability, and `true` is not `{}` for an object one.
    expect(agentOffers(withGrant(path, on === true ? {} : true), feature)).toBe(false);
  });

  it('survives malformed capabilities (a string, an array, null containers)', () => {
    const hostile = [
      'abc',
      [1],
      { sessionCapabilities: null, promptCapabilities: 'x', auth: [], mcpCapabilities: 5 },
    ] as unknown as acp.AgentCapabilities[];
    for (const caps of hostile) for (const feature of AGENT_FEATURES) expect(agentOffers(caps, feature)).toBe(false);
  });
});

describe('featureStates and whyUnavailable', () => {
  it('says who cannot do what, and which capability says so', () => {
    expect(whyUnavailable('Gemini CLI', 'image')).toBe(
      'Gemini CLI does not support images in messages (it does not advertise promptCapabilities.image).',
    );
    expect(whyUnavailable('X', 'logout')).toContain('auth.logout');
  });

  it('every feature is listed: available, or with its reason', () => {
    const none = featureStates({}, 'Agent');
    const all = featureStates(EVERYTHING, 'Agent');
    expect(Object.keys(none).sort()).toEqual([...AGENT_FEATURES].sort());
    for (const feature of AGENT_FEATURES) {
      expect(none[feature]).toEqual({ available: false, reason: whyUnavailable('Agent', feature) });
      expect(all[feature]).toEqual({ available: true });
    }
  });
});

describe('requestProblem', () => {
  const SESSION = { sessionId: 's', cwd: '/w', mcpServers: [] };

  it('baseline methods are always allowed, also before initialize', () => {
    for (const method of ['initialize', 'authenticate', 'session/new', 'session/prompt', 'session/set_mode']) {
      expect(requestProblem(null, method, SESSION)).toBeNull();
    }
  });

  it.each(GATED_METHODS)('%s needs what the spec says', (method, needs) => {
    expect(requestProblem({}, method, SESSION)).toBe(
      `${method} needs ${needs.capability}, which the agent did not advertise`,
    );
    expect(requestProblem(needs.advertised, method, SESSION)).toBeNull();
  });

  it('gates exactly the methods the spec makes optional, and no others', () => {
    expect(Object.keys(METHOD_FEATURES).sort()).toEqual(GATED_METHODS.map(([method]) => method).sort());
    for (const [method, needs] of Object.entries(METHOD_NEEDS)) {
      if (!needs) expect(requestProblem({}, method, SESSION)).toBeNull();
    }
  });

  it('prompt content: text and resource_link are baseline; image, audio, resource need their capability', () => {
    const prompt = (block: unknown) => ({ sessionId: 's', prompt: [{ type: 'text', text: 'hi' }, block] });
    expect(
      requestProblem({}, 'session/prompt', prompt({ type: 'resource_link', uri: 'file:///a', name: 'a' })),
    ).toBeNull();
    const cases: [unknown, AgentFeature][] = [
      [{ type: 'image', data: '', mimeType: 'image/png' }, 'image'],
      [{ type: 'audio', data: '', mimeType: 'audio/wav' }, 'audio'],
      [{ type: 'resource', resource: { uri: 'file:///a', text: 'x' } }, 'embeddedContext'],
    ];
    for (const [block, feature] of cases) {
      expect(requestProblem({}, 'session/prompt', prompt(block))).toMatch(
        /^session\/prompt with \w+ content needs promptCapabilities\./,
      );
      expect(requestProblem(withGrant(...GRANTS[feature]), 'session/prompt', prompt(block))).toBeNull();
    }
  });

  it('MCP servers: stdio is baseline; http, sse and acp need their capability, on every session setup method', () => {
    const http = { type: 'http', name: 'h', url: 'http://127.0.0.1:1', headers: [] };
    const sse = { type: 'sse', name: 's', url: 'http://127.0.0.1:1', headers: [] };
    const overAcp = { type: 'acp', name: 'switchboard', serverId: 'srv-1' };
    const stdio = { name: 'x', command: '/bin/true', args: [], env: [] };
    for (const method of ['session/new', 'session/load', 'session/resume', 'session/fork']) {
      const all = { ...EVERYTHING, mcpCapabilities: {} };
      expect(requestProblem(all, method, { ...SESSION, mcpServers: [stdio] })).toBeNull();
      expect(requestProblem(all, method, { ...SESSION, mcpServers: [stdio, http] })).toContain('mcpCapabilities.http');
      expect(requestProblem(all, method, { ...SESSION, mcpServers: [sse] })).toContain('mcpCapabilities.sse');
      expect(requestProblem(all, method, { ...SESSION, mcpServers: [overAcp] })).toContain('mcpCapabilities.acp');
      expect(requestProblem(EVERYTHING, method, { ...SESSION, mcpServers: [http, sse, overAcp] })).toBeNull();
    }
  });

  it('additionalDirectories need sessionCapabilities.additionalDirectories (an empty list is fine)', () => {
    const params = { ...SESSION, additionalDirectories: ['/other'] };
    expect(requestProblem({}, 'session/new', params)).toContain('sessionCapabilities.additionalDirectories');
    expect(requestProblem({}, 'session/new', { ...SESSION, additionalDirectories: [] })).toBeNull();
    expect(requestProblem(withGrant(...GRANTS.additionalDirectories), 'session/new', params)).toBeNull();
  });

  it('malformed params do not throw', () => {
    for (const params of [null, undefined, 'x', { prompt: 'x' }, { prompt: [null, 5] }, { mcpServers: [null] }]) {
      expect(() => requestProblem({}, 'session/prompt', params)).not.toThrow();
      expect(() => requestProblem({}, 'session/new', params)).not.toThrow();
    }
  });
});

describe("steering (advertised in the initialize response's own _meta, not in agentCapabilities)", () => {
  const STEER = {
    sessionId: 's',
    prompt: [{ type: 'text', text: 'also this' }],
    _meta: { steering: { idleBehavior: 'promptRequired' } },
  };
  const ADVERTISED = { steering: { supported: true } };

  it('agentSteers: only `steering.supported: true`', () => {
    expect(agentSteers(ADVERTISED)).toBe(true);
    for (const meta of [
      null,
      undefined,
      {},
      'steering',
      [ADVERTISED],
      { steering: true },
      { steering: { supported: 1 } },
    ])
      expect(agentSteers(meta)).toBe(false);
  });

  it('_session/steering needs it; everything in agentCapabilities does not grant it', () => {
    expect(requestProblem(EVERYTHING, '_session/steering', STEER)).toBe(
      '_session/steering needs _meta.steering.supported, which the agent did not advertise',
    );
    expect(requestProblem(EVERYTHING, '_session/steering', STEER, { steering: { supported: false } })).not.toBeNull();
    expect(requestProblem({}, '_session/steering', STEER, ADVERTISED)).toBeNull();
    // It grants nothing else.
    for (const [method] of GATED_METHODS) expect(requestProblem({}, method, SESSION_PARAMS, ADVERTISED)).not.toBeNull();
  });

  it('a steered message is a prompt: images need promptCapabilities.image', () => {
    const image = { ...STEER, prompt: [...STEER.prompt, { type: 'image', data: '', mimeType: 'image/png' }] };
    expect(requestProblem({}, '_session/steering', image, ADVERTISED)).toBe(
      '_session/steering with image content needs promptCapabilities.image, which the agent did not advertise',
    );
    expect(requestProblem(withGrant(...GRANTS.image), '_session/steering', image, ADVERTISED)).toBeNull();
  });
});

const SESSION_PARAMS = { sessionId: 's', cwd: '/w', mcpServers: [] };
