import type { Plugin } from 'esbuild';
export function stripSchemaAnnotations<T>(schema: T): T;
export const acpSchemaWithoutAnnotations: Plugin;
