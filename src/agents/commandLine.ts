// Renders a command and its arguments the way a POSIX shell user would type them, so the error
// card can show exactly what was run and the user can paste it into a terminal to reproduce.

const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

export function shellQuote(word: string): string {
  if (word === '') return "''";
  if (SAFE_WORD.test(word)) return word;
  // Single quotes keep everything literal; a single quote itself is closed, escaped, reopened.
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export function formatCommandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map(shellQuote).join(' ');
}
