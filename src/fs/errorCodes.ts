// The JSON-RPC error codes the fs handlers answer with (ACP: -32002 resource not found, -32800
// request cancelled; the rest are JSON-RPC's own), in a file without `vscode` so the pure parts
// share them.
export const INVALID_PARAMS = -32602;
export const RESOURCE_NOT_FOUND = -32002;
export const INTERNAL_ERROR = -32603;
export const REQUEST_CANCELLED = -32800;
