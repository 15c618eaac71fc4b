import type { BuildOptions } from 'esbuild';
export const mcpBridgeBundle: BuildOptions & { entryPoints: Record<string, string> };
