import type { Plugin } from 'esbuild';
export function stripSchemaAnnotations<T>(schema: T): T;
export function unstableSchemaForBundle<T>(unstable: T, stable: unknown): T;
export const acpSchemaWithoutAnnotations: Plugin;
