// The client's requests on a v2 connection: the session code asks in v1's terms (one thread model, two
// wire surfaces), and this turns each request into v2's and its answer back into v1's shape. Renamed:
// authenticate → auth/login, logout → auth/logout. session/load is gone in v2: it is session/resume with
// `replayFrom: {type: "start"}` (the replay comes as ordinary updates, as v1's load did). Reshaped:
// a stdio MCP server is tagged `type: "stdio"`, a select config option is set with `type: "id"`, and
// the config options an answer carries lose v2's `configId` / `groupId` names (v2Shapes.configOptionsV1).
// session/set_mode does not exist in v2 (modes became config options): refused before the wire.
import type * as acp from '@agentclientprotocol/sdk';
import type * as acp2 from '@agentclientprotocol/sdk/experimental/v2';
import type { AcpConnection, RequestOptions } from '../connection';
import { withRequest } from '../requestWrapper';
import { AgentMethod, AgentMethodV2 } from '../methods';
import { ACP_V2 } from './negotiation';
import { v1CapabilityView } from './capabilityView';
import { configOptionsV1 } from './v2Shapes';

/** v2's names for the v1 methods it renamed (protocol/methods.ts). */
const V2_METHOD: Readonly<Record<string, string>> = {
  [AgentMethod.authenticate]: AgentMethodV2.authenticate,
  [AgentMethod.logout]: AgentMethodV2.logout,
  [AgentMethod.sessionLoad]: AgentMethodV2.sessionLoad,
};

/** v1 methods v2 removed without a replacement: refused with this reason. */
const REMOVED: Readonly<Record<string, string>> = {
  'session/set_mode': 'session/set_mode does not exist in ACP v2 (modes are config options)',
  'session/fork': 'session/fork is not part of ACP v2',
};

/** A request v2 has no method for; it was never sent. */
export class RemovedInV2Error extends Error {
  override readonly name = 'RemovedInV2Error';
}

/** The v2 method and params for a v1 request. */
export function v2Request(method: string, params: unknown): { method: string; params: unknown } {
  const removed = REMOVED[method];
  if (removed) throw new RemovedInV2Error(removed);
  const object = isRecord(params) ? params : {};
  switch (method) {
    case 'session/load':
      return { method: V2_METHOD[method]!, params: { ...withMcp(object), replayFrom: { type: 'start' } } };
    case 'session/new':
    case 'session/resume':
      return { method, params: withMcp(object) };
    case 'session/set_config_option':
      return { method, params: object.type === 'boolean' ? object : { ...object, type: 'id' } };
    default:
      return { method: V2_METHOD[method] ?? method, params };
  }
}

/** v2's answer to a v1 request in the shape the v1 caller reads. */
export function v1Result(method: string, result: unknown): unknown {
  if (!isRecord(result)) return result;
  switch (method) {
    case 'session/new':
    case 'session/load':
    case 'session/resume':
    case 'session/set_config_option': {
      const options = result.configOptions;
      if (!Array.isArray(options)) return result;
      return { ...result, configOptions: configOptionsV1(options as acp2.SessionConfigOption[]) };
    }
    default:
      return result;
  }
}

/** A v2 agent's `initialize` answer as v1's (`agentInfo`, `agentCapabilities` as v1's view, auth method ids). */
export function v1InitializeResponse(response: acp2.InitializeResponse): acp.InitializeResponse {
  const authMethods = Array.isArray(response.authMethods) ? response.authMethods.map(authMethodV1) : [];
  const view: acp.InitializeResponse = {
    protocolVersion: ACP_V2,
    agentCapabilities: v1CapabilityView(response.capabilities, response.authMethods),
    authMethods,
  };
  if (isRecord(response.info)) view.agentInfo = response.info as acp.Implementation;
  if (isRecord(response._meta)) view._meta = response._meta;
  return view;
}

/** `rpc` whose requests go out in v2's terms once `isV2()` (initialize itself is sent as it is). */
export function adaptRequests(rpc: AcpConnection, isV2: () => boolean): AcpConnection {
  const request = async (method: string, params?: unknown, options?: RequestOptions): Promise<unknown> => {
    if (!isV2() || method === 'initialize') return rpc.request(method, params, options);
    const out = v2Request(method, params);
    return v1Result(method, await rpc.request(out.method, out.params, options));
  };
  return withRequest(rpc, request);
}

/** v2 names a method's id `methodId`; v1's `agent` methods carry no type. */
function authMethodV1(method: acp2.AuthMethod): acp.AuthMethod {
  const { methodId, type, ...rest } = method as { methodId?: unknown; type?: unknown } & Record<string, unknown>;
  const id = typeof methodId === 'string' ? methodId : (rest.id as string);
  return (type === 'agent' || type === undefined ? { ...rest, id } : { ...rest, id, type }) as acp.AuthMethod;
}

/** A stdio MCP server (v1: no `type`) tagged as v2 requires. */
function withMcp(params: Record<string, unknown>): Record<string, unknown> {
  const servers = params.mcpServers;
  if (!Array.isArray(servers)) return params;
  return {
    ...params,
    mcpServers: servers.map((server: unknown) =>
      isRecord(server) && server.type === undefined ? { ...server, type: 'stdio' } : server,
    ),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
