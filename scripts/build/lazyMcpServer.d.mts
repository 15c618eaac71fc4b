import type { Plugin } from 'esbuild';
export const mcpServerEntry: Record<string, string>;
export const lazyMcpServer: Plugin;
