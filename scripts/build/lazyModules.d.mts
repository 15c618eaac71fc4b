import type { Plugin } from 'esbuild';
export const lazyPlugins: Plugin[];
export const lazyEntries: Record<string, string>;
export function lazyModule(file: string): { plugin: Plugin; entry: Record<string, string> };
