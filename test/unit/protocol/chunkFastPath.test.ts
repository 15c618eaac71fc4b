// The chunk fast path must be exactly JSON.parse for every line it accepts. Seeded fuzzing: lines
// of the hot shape with random session ids and texts (every escape, raw control chars, astral and
// lone surrogates), written both by JSON.stringify and with hand-chosen escapes, then mutated.
import { describe, expect, it } from 'vitest';
import {
  matchTextChunk,
  parseTextChunkLine,
  textChunkNotification,
  type TextChunkKind,
} from '../../../src/protocol/chunkFastPath';

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = prng(0x5eed);
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;

const CONTROL = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i));
const PIECES = [
  'hello',
  ' ',
  'word',
  'a',
  'Z',
  '0',
  '/',
  '"',
  '\\',
  '\\n',
  '{',
  '}',
  '}}}}',
  '"}}}}',
  '","x":"',
  ':',
  ',',
  'é',
  '€',
  '日本',
  '😀',
  '𝄞',
  '\u2028',
  '\u2029',
  '\u007f',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\udc00\ud83d',
  '\n',
  '\r',
  '\t',
  '\b',
  '\f',
  '\u0000',
  '\u001f',
  'text',
  '"text":"',
  'agent_message_chunk',
];

function randomText(): string {
  const parts: string[] = [];
  for (let n = int(12); n > 0; n--) parts.push(random() < 0.15 ? pick(CONTROL) : pick(PIECES));
  return parts.join('');
}

function randomSessionId(): string {
  if (random() < 0.2) return randomText();
  const alphabet = Array.from('abcdefghijklmnopqrstuvwxyz0123456789-_:.é😀 ');
  return Array.from({ length: int(40) }, () => pick(alphabet)).join('');
}

const randomKind = (): TextChunkKind => (random() < 0.5 ? 'agent_message_chunk' : 'agent_thought_chunk');

/** A JSON body (no quotes) for `text` with randomly chosen, all valid, escapes. */
function escapeByHand(text: string): string {
  const SHORT: Record<string, string> = {
    '"': '\\"',
    '\\': '\\\\',
    '\n': '\\n',
    '\r': '\\r',
    '\t': '\\t',
    '\b': '\\b',
    '\f': '\\f',
  };
  let out = '';
  for (const unit of text.split('')) {
    const code = unit.charCodeAt(0);
    const mustEscape = unit === '"' || unit === '\\' || code < 32;
    const hex = code.toString(16).padStart(4, '0');
    if (!mustEscape && random() < 0.8) out += unit;
    else if (unit === '/' && random() < 0.5) out += '\\/';
    else if (SHORT[unit] && random() < 0.5) out += SHORT[unit];
    else out += `\\u${random() < 0.5 ? hex : hex.toUpperCase()}`;
  }
  return out;
}

function lineFor(sessionId: string, kind: string, body: string): string {
  return `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"${sessionId}","update":{"sessionUpdate":"${kind}","content":{"type":"text","text":"${body}"}}}}`;
}

/** JSON.stringify writes it unescaped (no quote, backslash, control char or lone surrogate). */
const isPlain = (s: string) => JSON.stringify(s) === `"${s}"`;

const MUTATIONS: Array<(line: string) => string> = [
  (line) => line.slice(0, int(line.length)),
  (line) => line + pick(['x', ' ', '}', ',', '\r\r', '"}}}}', '\n']),
  (line) => ' ' + line,
  (line) => line + '\r',
  (line) => line.replace('"content"', '"messageId":"m1","content"'),
  (line) => line.replace('"sessionUpdate"', '"_meta":{},"sessionUpdate"'),
  (line) => line.replace(/}}}}$/, '},"_meta":{}}}}'),
  (line) => line.replace(/"}}}}$/, '","extra":"x"}}}}'),
  (line) => line.replace('{"jsonrpc":"2.0","method":"session/update"', '{"method":"session/update","jsonrpc":"2.0"'),
  (line) => line.replace('":"', '": "'),
  (line) => line.replace('","update"', '", "update"'),
  (line) => line.replace('"type":"text"', '"type":"image"'),
  (line) => line.replace('agent_', 'user_'),
  (line) => line.replace('"2.0"', '"1.0"'),
  (line) => line.replace('"jsonrpc"', '"id":1,"jsonrpc"'),
  (line) => {
    const at = int(line.length);
    return line.slice(0, at) + pick(['"', '\\', 'a', '}', '\u0001', '😀', ' ']) + line.slice(at);
  },
  (line) => {
    const at = int(line.length);
    return line.slice(0, at) + line.slice(at + 1);
  },
];

/** The core property: an accepted line parses to exactly the envelope built from the match. */
function expectExactWhenAccepted(line: string): boolean {
  const match = matchTextChunk(line);
  if (!match) return false;
  const parsed: unknown = JSON.parse(line);
  const built = textChunkNotification(match.sessionId, match.kind, match.text, match.messageId);
  expect(built).toStrictEqual(parsed);
  expect(JSON.stringify(built)).toBe(JSON.stringify(parsed)); // same key order too
  return true;
}

describe('matchTextChunk', () => {
  it('accepts the compact SDK shape, text as is or decoded', () => {
    const line = lineFor('s-1', 'agent_message_chunk', 'hi \\"there\\"\\n');
    expect(matchTextChunk(line)).toEqual({ sessionId: 's-1', kind: 'agent_message_chunk', text: 'hi "there"\n' });
    expect(matchTextChunk(lineFor('s', 'agent_thought_chunk', ''))).toEqual({
      sessionId: 's',
      kind: 'agent_thought_chunk',
      text: '',
    });
    expect(matchTextChunk(line + '\r')).toEqual(matchTextChunk(line));
  });

  it('accepts a messageId before the content (ACP v2 requires it), parsed exactly as JSON.parse', () => {
    const line = lineFor('s', 'agent_message_chunk', 'hi').replace('"content"', '"messageId":"msg-1","content"');
    expect(matchTextChunk(line)).toEqual({
      sessionId: 's',
      kind: 'agent_message_chunk',
      text: 'hi',
      messageId: 'msg-1',
    });
    expect(expectExactWhenAccepted(line)).toBe(true);
    expect(parseTextChunkLine(line)).toStrictEqual(JSON.parse(line));
  });

  it('rejects what only JSON.parse may decide', () => {
    const reject = [
      lineFor('a\\u0041', 'agent_message_chunk', 'x'), // escaped session id
      lineFor('a', 'agent_message_chunk', 'raw\nnewline'), // raw control char: JSON.parse throws too
      lineFor('a', 'agent_message_chunk', 'bad \\x escape'),
      lineFor('a', 'agent_message_chunk', 'x","more":"y'), // "text" followed by another key
      lineFor('a', 'user_message_chunk', 'x'),
      lineFor('a', 'agent_message_chunk', 'x') + ' ',
      lineFor('a', 'agent_message_chunk', 'x').replace('"content"', '"messageId":"m\\u0041","content"'), // escaped id
      lineFor('a', 'agent_message_chunk', 'x').replace('"sessionUpdate"', '"messageId":"m","sessionUpdate"'),
      '{"jsonrpc":"2.0","id":1,"result":{}}',
      '',
    ];
    for (const line of reject) expect(matchTextChunk(line), line).toBeUndefined();
  });

  it('takes a 10 MB text in linear time (the greedy body is anchored at the end)', () => {
    const body = 'x'.repeat(10 * 1024 * 1024);
    const started = performance.now();
    expect(matchTextChunk(lineFor('s', 'agent_message_chunk', body))!.text.length).toBe(body.length);
    expect(matchTextChunk(lineFor('s', 'agent_message_chunk', body) + ' ')).toBeUndefined();
    expect(matchTextChunk(lineFor('s', 'agent_message_chunk', body + '"'))).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('leaves no long line behind as the last regexp subject (RegExp.input), and a short one costs nothing', () => {
    const legacy = RegExp as unknown as { input: string };
    const long = lineFor('s', 'agent_message_chunk', 'x'.repeat(1024 * 1024));
    expect(matchTextChunk(long)!.text.length).toBe(1024 * 1024);
    expect(legacy.input).toBe('');
    const short = lineFor('s', 'agent_message_chunk', 'hi');
    matchTextChunk(short);
    expect(legacy.input).toBe(short);
  });

  it('equals JSON.parse on thousands of generated and mutated lines (seeded)', () => {
    let stringified = 0;
    let handEscaped = 0;
    let acceptedMutants = 0;
    let rejectedMutants = 0;
    for (let i = 0; i < 4000; i++) {
      const sessionId = randomSessionId();
      const kind = randomKind();
      const text = randomText();
      // JSON.stringify is how SDK agents write it: well formed, so accepted whenever S is plain.
      const compact = JSON.stringify(textChunkNotification(sessionId, kind, text));
      const accepted = expectExactWhenAccepted(compact);
      if (isPlain(sessionId)) {
        expect(accepted, compact).toBe(true);
        expect(matchTextChunk(compact)!.text).toBe(text);
        stringified++;
      }
      // Hand-chosen escapes (\/, \uXXXX in either case, short forms): still well formed, accepted.
      if (isPlain(sessionId)) {
        const escaped = lineFor(sessionId, kind, escapeByHand(text));
        expect(expectExactWhenAccepted(escaped), escaped).toBe(true);
        handEscaped++;
      }
      // Raw text dropped in unescaped: valid JSON or not, an accepted line must parse the same.
      expectExactWhenAccepted(lineFor(sessionId, kind, text));
      for (let m = 0; m < 3; m++) {
        const mutant = pick(MUTATIONS)(compact);
        if (expectExactWhenAccepted(mutant)) acceptedMutants++;
        else rejectedMutants++;
      }
    }
    // The generator really exercised both sides.
    expect(stringified).toBeGreaterThan(2500);
    expect(handEscaped).toBeGreaterThan(2500);
    expect(acceptedMutants).toBeGreaterThan(400);
    expect(rejectedMutants).toBeGreaterThan(5000);
  });
});

describe('parseTextChunkLine', () => {
  it('gives the object JSON.parse gives for a matched line, and undefined otherwise', () => {
    const line = JSON.stringify(textChunkNotification('s', 'agent_thought_chunk', 'a "quoted" text'));
    expect(parseTextChunkLine(line)).toStrictEqual(JSON.parse(line));
    expect(parseTextChunkLine(line.replace('"jsonrpc":"2.0",', ''))).toBeUndefined();
  });
});
