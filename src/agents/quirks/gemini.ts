// Gemini CLI (`gemini --acp`, agentInfo.name "gemini-cli"); checked against 0.61.0, and the same
// code is on upstream main (packages/cli/src/acp/acpFileSystemService.ts, 2026).
//
// The quirk: before writing a file, Gemini CLI's write_file (and replace) tool reads it through
// fs/read_text_file to diff against it, and treats the file as new only when that read throws an
// `Error` whose `code` is "ENOENT". Its ACP fs service makes such an error only from an `Error`
// whose message says "Resource not found" (or ENOENT, ...), but the ACP SDK it bundles rejects a
// JSON-RPC error answer with the plain `{code, message}` object, never an `Error`. So no error
// answer can tell it "missing": with our protocol answer (-32002 "Resource not found") the tool
// card fails with "Error checking existing file: Resource not found: <path>" and no new file can
// ever be created. Zed, the client Gemini CLI is built against, never sends that error for a file
// inside the project: it opens a missing file as a new, empty buffer and answers its (empty) text.
//
// So for this agent only, a read of a missing file answers empty text, as Zed does; every other
// agent gets the protocol's -32002 (Qwen Code, a Gemini CLI fork, checks that code properly).
import type * as acp from '@agentclientprotocol/sdk';

export interface AgentIdentity {
  /** From the initialize response; null before it or when the agent sent none. */
  agentInfo: acp.Implementation | null;
  command: string;
  args: readonly string[];
}

export const GEMINI_CLI_NAME = 'gemini-cli';

export function isGeminiCli(agent: AgentIdentity): boolean {
  if (agent.agentInfo) return agent.agentInfo.name === GEMINI_CLI_NAME;
  // Versions that send no agentInfo: recognised by the command line they are run with.
  const program = (agent.command.split(/[\\/]/).pop() ?? '').replace(/\.(cmd|exe|js|mjs)$/i, '');
  return program === 'gemini' || agent.args.some((arg) => arg.includes('@google/gemini-cli'));
}

/** Whether a read of a file that does not exist answers '' instead of -32002 (see above). */
export function answersMissingFileAsEmpty(agent: AgentIdentity): boolean {
  return isGeminiCli(agent);
}
