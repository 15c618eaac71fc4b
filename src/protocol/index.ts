// The transport layer: ACP's JSON-RPC over NDJSON framing (vscode-jsonrpc's reader/writer bases and types). Import from here.
export { createAcpConnection } from './connection';
export type {
  AcpConnection,
  AcpConnectionOptions,
  Disposable,
  LogLevel,
  NotificationHandler,
  RequestHandler,
  RequestOptions,
} from './connectionTypes';
export {
  AcpConnectionClosedError,
  AcpRpcError,
  AcpTimeoutError,
  RequestCancelledError,
  formatBytes,
  formatDuration,
} from './errors';
export type { ConnectionCloseReason } from './errors';
export { AgentMethod, CLIENT_PROTOCOL_VERSION, ClientMethod, ErrorCodes, ProtocolMethod } from './methods';
export type {
  AgentMethodName,
  AgentNotifications,
  AgentRequests,
  ClientMethodName,
  ClientNotifications,
  ClientRequests,
} from './methods';
export { DEFAULT_MAX_MESSAGE_BYTES, NdjsonMessageReader, NdjsonMessageWriter } from './ndjson';
export type { NdjsonReaderOptions, NdjsonWriterOptions } from './ndjson';
export { DEFAULT_TRAFFIC_LOG_BYTES, TrafficLog, formatTrafficRecord } from './trafficLog';
export type { TrafficDirection, TrafficLogOptions, TrafficRecord } from './trafficLog';
