// What the schema check (schema.ts) takes beyond the SDK's stable schema: the subagent sessions'
// session/update variants (subagent_update, session_message, session_message_chunk), whose
// definitions the SDK ships in its unstable schema only, and the tool-call content that links to a
// session, `{type: "session", sessionId}`, newer than either of the SDK's schemas. The variants'
// definitions are the unstable schema's own; where the stable schema has a definition of the same
// name (ContentBlock, SessionId, Error...), the stable one is used, as for every other message.
// The host bundle carries only the definitions the stable schema lacks (scripts/build/schemaAnnotations.mjs).
type Defs = Record<string, unknown>;
type Node = Record<string, unknown>;

/** The session/update variants of subagent sessions, checked with the unstable schema's definitions. */
export const SUBAGENT_VARIANTS = ['subagent_update', 'session_message', 'session_message_chunk'] as const;

/**
 * `{type: "session", sessionId}`: a tool call's link to a session. Only this shape passes (a string
 * sessionId, an optional _meta); any other type still fails the check as before.
 */
const SESSION_LINK_CONTENT = {
  type: 'object',
  properties: {
    type: { type: 'string', const: 'session' },
    sessionId: { type: 'string' },
    _meta: { type: ['object', 'null'] },
  },
  required: ['type', 'sessionId'],
};

/** The stable definitions with the subagent variants and the session link added (copies; the inputs stay as they are). */
export function withSubagentSessions(stable: Defs, unstable: Defs): Defs {
  const defs: Defs = { ...stable };
  const variants = branches(unstable.SessionUpdate).filter((branch) =>
    (SUBAGENT_VARIANTS as readonly unknown[]).includes(tagOf(branch, 'sessionUpdate')),
  );
  if (variants.length !== SUBAGENT_VARIANTS.length)
    throw new Error('the ACP unstable schema does not define the subagent session updates');
  for (const name of referenced(variants, unstable, stable)) defs[name] = unstable[name];
  defs.SessionUpdate = { ...(stable.SessionUpdate as Node), oneOf: [...branches(stable.SessionUpdate), ...variants] };
  defs.ToolCallContent = {
    ...(stable.ToolCallContent as Node),
    oneOf: [...branches(stable.ToolCallContent), SESSION_LINK_CONTENT],
  };
  return defs;
}

function branches(union: unknown): Node[] {
  const oneOf = (union as { oneOf?: unknown } | undefined)?.oneOf;
  return Array.isArray(oneOf) ? (oneOf as Node[]) : [];
}

function tagOf(branch: Node, tag: string): unknown {
  return ((branch.properties as Node | undefined)?.[tag] as { const?: unknown } | undefined)?.const;
}

/** The unstable definitions `nodes` need, transitively, that the stable schema lacks. */
function referenced(nodes: unknown[], unstable: Defs, stable: Defs): Set<string> {
  const found = new Set<string>();
  const queue = [...nodes];
  while (queue.length > 0) {
    const node = queue.pop();
    if (Array.isArray(node)) queue.push(...(node as unknown[]));
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (key !== '$ref' || typeof value !== 'string') {
          queue.push(value);
          continue;
        }
        const name = value.replace('#/$defs/', '');
        if (Object.hasOwn(stable, name) || found.has(name)) continue;
        if (!Object.hasOwn(unstable, name)) throw new Error(`the ACP unstable schema lacks ${name}`);
        found.add(name);
        queue.push(unstable[name]);
      }
    }
  }
  return found;
}
