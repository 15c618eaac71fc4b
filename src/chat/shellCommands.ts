// Reads an agent's shell command into the simple commands it runs, with a real shell parser
// (mvdan-sh: mvdan/sh, the parser behind shfmt, built to plain JavaScript, so it parses
// synchronously on the host with no WebAssembly to load). A permission rule made for `git status`
// must not approve `git status && rm -rf ~`: every command of a list, a pipeline, a subshell or a
// group is returned and each must match on its own. Anything whose effect cannot be read from the
// words alone (a substitution, a variable, an assignment, a redirection to a file, a loop, a
// function, an escape) makes the whole command unprovable: `undefined`, and no rule matches it.
import { syntax, type ShNode } from 'mvdan-sh';

/** Longer commands are not parsed (an agent chooses the size); they are simply asked about. */
export const MAX_COMMAND_CHARS = 8192;

/** The literal words of each simple command, or undefined when the parser cannot prove them. */
export function simpleCommands(command: string): string[][] | undefined {
  if (command.length === 0 || command.length > MAX_COMMAND_CHARS) return undefined;
  let file: ShNode;
  try {
    file = syntax.NewParser().Parse(command, '');
  } catch {
    return undefined;
  }
  const out: string[][] = [];
  const ok = statements(file.Stmts, command, out);
  return ok && out.length > 0 ? out : undefined;
}

function statements(list: unknown, src: string, out: string[][]): boolean {
  if (!Array.isArray(list)) return false;
  return list.every((stmt) => statement(stmt as ShNode, src, out));
}

function statement(stmt: ShNode, src: string, out: string[][]): boolean {
  if (stmt.Coprocess) return false;
  if (Array.isArray(stmt.Redirs) && !stmt.Redirs.every((r) => harmlessRedirect(r as ShNode, src))) return false;
  const cmd = stmt.Cmd as ShNode | null | undefined;
  if (!cmd) return false;
  switch (syntax.NodeType(cmd)) {
    case 'CallExpr':
      return call(cmd, out);
    case 'BinaryCmd': // &&, ||, | and |&: both sides run
      return statement(cmd.X as ShNode, src, out) && statement(cmd.Y as ShNode, src, out);
    case 'Subshell':
    case 'Block':
      return statements(cmd.Stmts, src, out);
    default: // if/while/for/case, functions, [[ ]], (( )), declare/export, let, time, coproc
      return false;
  }
}

function call(cmd: ShNode, out: string[][]): boolean {
  // `GIT_SSH_COMMAND=… git fetch` runs something else than the words say.
  if (Array.isArray(cmd.Assigns) && cmd.Assigns.length > 0) return false;
  if (!Array.isArray(cmd.Args) || cmd.Args.length === 0) return false;
  const words: string[] = [];
  for (const arg of cmd.Args) {
    const text = literalWord(arg as ShNode);
    if (text === undefined) return false;
    words.push(text);
  }
  out.push(words);
  return true;
}

/** The word after quote removal, when it is made of literal text only. */
function literalWord(word: ShNode): string | undefined {
  if (!Array.isArray(word.Parts)) return undefined;
  let text = '';
  for (const part of word.Parts as ShNode[]) {
    const piece = literalPart(part);
    if (piece === undefined) return undefined;
    text += piece;
  }
  return text;
}

function literalPart(part: ShNode): string | undefined {
  switch (syntax.NodeType(part)) {
    case 'Lit':
      return plainText(part.Value);
    case 'SglQuoted': // $'…' interprets escapes
      return part.Dollar ? undefined : typeof part.Value === 'string' ? part.Value : undefined;
    case 'DblQuoted': {
      if (part.Dollar || !Array.isArray(part.Parts)) return undefined;
      let text = '';
      for (const inner of part.Parts as ShNode[]) {
        if (syntax.NodeType(inner) !== 'Lit') return undefined;
        const piece = plainText(inner.Value);
        if (piece === undefined) return undefined;
        text += piece;
      }
      return text;
    }
    default: // $VAR, ${…}, $(…), `…`, $((…)), <(…), extglobs
      return undefined;
  }
}

/** Backslashes change what the shell sees (`\;`, line continuations): not proven. */
function plainText(value: unknown): string | undefined {
  return typeof value === 'string' && !value.includes('\\') ? value : undefined;
}

/**
 * Only redirections that neither read nor write a file: duplicating a descriptor (`2>&1`, `>&-`)
 * and writing to /dev/null. The operator is read from the source at its position, because the
 * parser's operator numbers are not part of its JavaScript surface.
 */
function harmlessRedirect(redirect: ShNode, src: string): boolean {
  const opPos = redirect.OpPos as { Offset(): number } | undefined;
  const word = redirect.Word as ShNode | undefined;
  if (!opPos || !word || redirect.Hdoc) return false;
  const target = literalWord(word);
  if (target === undefined) return false;
  const op = src.slice(opPos.Offset(), word.Pos().Offset()).trim();
  if (op === '>&' || op === '<&') return /^(\d+|-)$/.test(target);
  if (op === '>' || op === '>>' || op === '&>' || op === '&>>') return target === '/dev/null';
  return false;
}
