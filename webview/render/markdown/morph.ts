// Patches already-rendered nodes so they match freshly rendered (and sanitised) ones, instead of
// replacing them. While a block streams it is rendered again every frame; replacing its nodes
// makes the browser restyle, reshape and lay out all of its text each time. Patched in place,
// text that only grew is extended with appendData (the browser reuses the shaping of what was
// already there), unchanged elements keep their style, and state such as an open <details> or a
// loaded image survives the re-render.
//
// Safety: the result is the fresh nodes' structure exactly (same element names and namespaces,
// same attribute sets, same text), and the fresh nodes were sanitised; nothing is copied from
// anywhere else.

/**
 * Makes `current` (nodes in the DOM, consecutive siblings) match `fresh` (nodes not in the DOM).
 * Returns the nodes now in the DOM in their place, in order. `current` must not be empty.
 */
export function morphNodes(current: readonly ChildNode[], fresh: readonly ChildNode[]): ChildNode[] {
  const result: ChildNode[] = [];
  const shared = Math.min(current.length, fresh.length);
  for (let i = 0; i < shared; i++) result.push(morphNode(current[i]!, fresh[i]!));
  let last = result[result.length - 1] ?? current[0]!; // current is not empty (see above)
  for (let i = shared; i < fresh.length; i++) {
    const node = fresh[i]!;
    last.after(node);
    last = node;
    result.push(node);
  }
  for (let i = shared; i < current.length; i++) current[i]!.remove();
  return result;
}

function morphNode(current: ChildNode, fresh: ChildNode): ChildNode {
  if (!sameKind(current, fresh)) {
    current.replaceWith(fresh);
    return fresh;
  }
  if (current instanceof CharacterData) {
    setData(current, (fresh as CharacterData).data);
    return current;
  }
  if (current instanceof Element) {
    syncAttributes(current, fresh as Element);
    morphChildren(current, fresh as Element);
    return current;
  }
  current.replaceWith(fresh);
  return fresh;
}

function sameKind(a: ChildNode, b: ChildNode): boolean {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  return !(a instanceof Element) || a.namespaceURI === (b as Element).namespaceURI;
}

/**
 * Sets a text node's data. A text that grew (or only changed at its end, like a code block whose
 * last line grew before its trailing newline) is edited from where it changed, not replaced: the
 * browser then keeps the shaping and layout of the unchanged beginning.
 */
export function setData(node: CharacterData, data: string): void {
  const old = node.data;
  if (old === data) return;
  const kept = data.startsWith(old)
    ? old.length
    : old.endsWith('\n') && data.startsWith(old.slice(0, -1))
      ? old.length - 1
      : 0;
  if (kept === 0) node.data = data;
  else node.replaceData(kept, old.length - kept, data.slice(kept));
}

function syncAttributes(current: Element, fresh: Element): void {
  for (const name of current.getAttributeNames()) if (!fresh.hasAttribute(name)) current.removeAttribute(name);
  for (const name of fresh.getAttributeNames()) {
    const value = fresh.getAttribute(name)!;
    if (current.getAttribute(name) !== value) current.setAttribute(name, value);
  }
}

function morphChildren(current: Element, fresh: Element): void {
  const freshChildren = Array.from(fresh.childNodes);
  if (freshChildren.length === 0) {
    if (current.firstChild) current.replaceChildren();
    return;
  }
  const currentChildren = Array.from(current.childNodes);
  if (currentChildren.length === 0) {
    current.append(...freshChildren);
    return;
  }
  morphNodes(currentChildren, freshChildren);
}
