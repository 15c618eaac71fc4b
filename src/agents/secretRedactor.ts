// The secrets Switchboard hands to agents (sign-in keys in their environment, MCP secrets in session/new)
// must never reach a log: every line bound for the traffic log or an agent's log goes through redact().
// Both spellings are replaced: the value as is (stderr, env dumps) and as it appears inside a JSON string
// (the traffic log keeps messages as JSON text, where `"` and `\` are escaped).
export const REDACTED = '[secret]';
/** Shorter values would redact ordinary words and numbers; no real key is this short. */
const MIN_SECRET_LENGTH = 6;

export class SecretRedactor {
  private readonly forms = new Set<string>();
  /** Longest first, so a secret containing another is replaced whole. */
  private ordered: string[] = [];

  add(value: string): void {
    if (value.length < MIN_SECRET_LENGTH) return;
    const before = this.forms.size;
    this.forms.add(value);
    this.forms.add(JSON.stringify(value).slice(1, -1));
    if (this.forms.size !== before) this.ordered = [...this.forms].sort((a, b) => b.length - a.length);
  }

  get isEmpty(): boolean {
    return this.forms.size === 0;
  }

  redact(text: string): string {
    // The common case (no secrets, or none in this line) costs one scan per secret and no copy.
    let out = text;
    for (const form of this.ordered) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  }
}
