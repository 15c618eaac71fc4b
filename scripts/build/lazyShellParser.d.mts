import type { Plugin } from 'esbuild';
export const shellParserEntry: Record<string, string>;
export const lazyShellParser: Plugin;
