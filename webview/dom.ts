// Tiny DOM helpers. Everything the webview shows is built with these (never innerHTML with
// agent text), so text stays text and no inline handlers or style attributes are needed.

type Child = Node | string | null | undefined | false;

export interface ElementProps {
  class?: string;
  text?: string;
  title?: string;
  attrs?: Record<string, string>;
  data?: Record<string, string>;
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: ElementProps = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.class) el.className = props.class;
  if (props.title) el.title = props.title;
  if (props.attrs) for (const [name, value] of Object.entries(props.attrs)) el.setAttribute(name, value);
  if (props.data) for (const [name, value] of Object.entries(props.data)) el.dataset[name] = value;
  if (props.text !== undefined) el.textContent = props.text;
  append(el, children);
  return el;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** A real <button type=button> (keyboard reachable) wired to a click callback. */
export function button(
  label: string,
  className: string,
  onClick: (event: MouseEvent) => void,
  title?: string,
): HTMLButtonElement {
  const el = h('button', { class: className, text: label, attrs: { type: 'button' }, title });
  el.addEventListener('click', onClick);
  return el;
}

/** Replaces all children of `parent` (cheaper to read than a loop of removeChild). */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

// Writes that skip when nothing changes. The chat re-renders its header and composer on every
// streamed frame; writing an unchanged value (a text, a boolean attribute, a data- attribute)
// still makes the browser restyle and lay out around the element, for about a third of a
// millisecond per frame in a long thread.

/** Shows or hides an element without touching style attributes (CSP-safe). */
export function setVisible(el: HTMLElement, visible: boolean): void {
  setHidden(el, !visible);
}

export function setHidden(el: HTMLElement, hidden: boolean): void {
  if (el.hidden !== hidden) el.hidden = hidden;
}

export function setText(el: Node, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

export function setDisabled(el: HTMLButtonElement | HTMLTextAreaElement | HTMLSelectElement, disabled: boolean): void {
  if (el.disabled !== disabled) el.disabled = disabled;
}

export function setTitle(el: HTMLElement, title: string): void {
  if (el.title !== title) el.title = title;
}

export function setDataset(el: HTMLElement, name: string, value: string): void {
  if (el.dataset[name] !== value) el.dataset[name] = value;
}

export function setAttribute(el: HTMLElement, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}
