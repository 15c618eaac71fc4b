// The newest part of a terminal's raw output, for what replays it into a view later (our own terminals'
// raw tail, src/terminals/outputLimit.ts; the output of terminals the agent runs itself, agentTerminals.ts).
// Pure.

/** Where the cut may move forward to reach a line start: a replay then never begins mid-line or mid-sequence. */
const LINE_START_REACH = 4096;

/** The newest `maxChars` of `text` (or a little less: from the next line start when one is near, never half a surrogate pair). */
export function newestChars(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let start = text.length - maxChars;
  const newline = text.indexOf('\n', start);
  if (newline !== -1 && newline - start < LINE_START_REACH) start = newline + 1;
  else if (isLowSurrogate(text.charCodeAt(start))) start++;
  return text.slice(start);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
