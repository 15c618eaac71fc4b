// The in-host suites, found by pattern at build time (the vscode-suites plugin in esbuild.mjs).
declare module 'virtual:vscode-suites' {
  export const suites: ReadonlyArray<{ file: string; load: () => unknown }>;
}
