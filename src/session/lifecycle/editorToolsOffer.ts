// Switchboard's own MCP server of the editor's tools (src/chat/mcp/), offered once per agent process generation
// of a chat: every session call of that generation (new, load, resume, an Edit's fork) carries the same entry, the
// tools act in whichever session the chat has open there (Generation.openSession), and the route ends with the
// generation, its secret with it: a restarted agent gets a new one. Over ACP (an `acp` server) the connection's
// mcp/connect reaches it (src/session/agent/mcpOverAcp.ts), and its connections close with the generation too.
import type { EditorToolsOffer } from '../api';
import type { Generation } from './generation';
import type { ThreadPort } from '../threadPort';

const offers = new WeakMap<Generation, Promise<EditorToolsOffer | undefined>>();

export function editorToolsOffer(
  port: Pick<ThreadPort, 'agent' | 'env'>,
  gen: Generation,
): Promise<EditorToolsOffer | undefined> {
  let offer = offers.get(gen);
  if (!offer) {
    offer = (
      port.env.editorTools?.({
        agent: port.agent,
        capabilities: gen.connection.capabilities?.mcpCapabilities,
        session: () => gen.openSession(),
      }) ?? Promise.resolve(undefined)
    ).then((made) => {
      // Over ACP: served on this agent process's connection before session/new names it, until the generation ends.
      const server = made?.server;
      if (made?.acp && server && 'serverId' in server) {
        const provided = gen.connection.mcpOverAcp.provide(server.serverId, made.acp);
        gen.own(() => provided.dispose());
      }
      return made;
    });
    offers.set(gen, offer);
    void offer.then(
      (made) => made && gen.own(() => made.close()),
      () => undefined, // the caller says why (sessionParams)
    );
  }
  return offer;
}
