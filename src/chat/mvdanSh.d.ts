// The few parts of mvdan-sh (the GopherJS build of mvdan/sh, the parser behind shfmt) that
// src/chat/shellCommands.ts uses. The package ships no types; nodes are Go structs with capitalised
// fields, and NodeType names the struct.
declare module 'mvdan-sh' {
  interface Pos {
    Offset(): number;
  }
  interface ShNode {
    Pos(): Pos;
    [field: string]: unknown;
  }
  interface Parser {
    /** Throws (a GopherJS error object, not an Error) on a syntax error. */
    Parse(src: string, name: string): ShNode;
  }
  export const syntax: {
    NewParser(...options: unknown[]): Parser;
    NodeType(node: ShNode): string;
  };
}
