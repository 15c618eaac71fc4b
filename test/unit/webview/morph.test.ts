// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { morphNodes, setData } from '../../../webview/render/markdown/morph';
import { IncrementalMarkdown } from '../../../webview/render/markdown/markdown';

function nodes(html: string): ChildNode[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  return Array.from(template.content.childNodes);
}

function mounted(html: string): { parent: HTMLElement; current: ChildNode[] } {
  const parent = document.createElement('div');
  parent.innerHTML = `<span id="before"></span>${html}<span id="after"></span>`;
  const current = Array.from(parent.childNodes).slice(1, -1);
  return { parent, current };
}

describe('morphNodes', () => {
  it('patches a grown paragraph in place: same elements, text extended', () => {
    const { parent, current } = mounted('<p>Hello <strong>wor</strong></p>\n');
    const p = parent.querySelector('p')!;
    const strongText = parent.querySelector('strong')!.firstChild!;
    const result = morphNodes(current, nodes('<p>Hello <strong>world</strong> and <em>more</em></p>\n'));
    expect(parent.innerHTML).toBe(
      '<span id="before"></span><p>Hello <strong>world</strong> and <em>more</em></p>\n<span id="after"></span>',
    );
    expect(parent.querySelector('p')).toBe(p);
    expect(parent.querySelector('strong')!.firstChild).toBe(strongText);
    expect(result[0]).toBe(p);
  });

  it('replaces nodes of another kind and syncs attributes exactly', () => {
    const { parent, current } = mounted('<p>x</p><a href="https://a.example" title="t">link</a>');
    morphNodes(current, nodes('<ul><li>x</li></ul><a href="https://b.example" rel="nofollow">link</a>'));
    const a = parent.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://b.example');
    expect(a.hasAttribute('title')).toBe(false);
    expect(a.getAttribute('rel')).toBe('nofollow');
    expect(parent.querySelector('p')).toBeNull();
    expect(parent.innerHTML).toBe(
      '<span id="before"></span><ul><li>x</li></ul><a href="https://b.example" rel="nofollow">link</a><span id="after"></span>',
    );
  });

  it('adds and removes trailing nodes in the right place', () => {
    const grow = mounted('<table><tbody><tr><td>1</td></tr></tbody></table>');
    morphNodes(
      grow.current,
      nodes('<table><tbody><tr><td>1</td></tr><tr><td>2</td></tr></tbody></table>\n<p>next</p>'),
    );
    expect(grow.parent.innerHTML).toBe(
      '<span id="before"></span><table><tbody><tr><td>1</td></tr><tr><td>2</td></tr></tbody></table>\n<p>next</p><span id="after"></span>',
    );
    const shrink = mounted('<p>a</p>\n<p>b</p>');
    morphNodes(shrink.current, nodes('<h2>a</h2>'));
    expect(shrink.parent.innerHTML).toBe('<span id="before"></span><h2>a</h2><span id="after"></span>');
  });

  it('keeps an element with the same name but another namespace apart', () => {
    const { parent } = mounted('<svg><a>x</a></svg>');
    const svgLink = parent.querySelector('svg a')!;
    morphNodes(Array.from(svgLink.childNodes), nodes('y'));
    expect(svgLink.textContent).toBe('y');
    const html = mounted('<a href="https://x.example">x</a>');
    const fresh = document.createElementNS('http://www.w3.org/2000/svg', 'a');
    const result = morphNodes(html.current, [fresh]);
    expect(result[0]).toBe(fresh);
    expect((result[0] as Element).namespaceURI).toBe('http://www.w3.org/2000/svg');
  });
});

describe('setData', () => {
  it('appends what grew, edits only the end when the last line grew before a trailing newline', () => {
    const text = document.createTextNode('abc\n');
    const calls: string[] = [];
    const original = text.replaceData.bind(text);
    text.replaceData = (offset: number, count: number, data: string) => {
      calls.push(`${offset},${count},${data}`);
      original(offset, count, data);
    };
    setData(text, 'abcd\n');
    expect(text.data).toBe('abcd\n');
    setData(text, 'abcd\nef');
    expect(text.data).toBe('abcd\nef');
    expect(calls).toEqual(['3,1,d\n', '5,0,ef']);
    setData(text, 'other');
    expect(text.data).toBe('other');
    expect(calls).toHaveLength(2);
  });
});

describe('IncrementalMarkdown with morphing', () => {
  it('keeps the elements of a streaming list and table while they grow', () => {
    const md = new IncrementalMarkdown();
    md.update('Intro\n\n- one');
    const list = md.el.querySelector('ul')!;
    md.update('Intro\n\n- one\n- two\n- thr');
    expect(md.el.querySelector('ul')).toBe(list);
    expect(list.querySelectorAll('li')).toHaveLength(3);
    md.update('Intro\n\n- one\n- two\n- three\n\n| a | b |\n| - | - |\n| 1 | 2 |');
    const table = md.el.querySelector('table')!;
    md.update('Intro\n\n- one\n- two\n- three\n\n| a | b |\n| - | - |\n| 1 | 2 |\n| 3 | 4 |');
    expect(md.el.querySelector('table')).toBe(table);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    const once = new IncrementalMarkdown();
    once.update('Intro\n\n- one\n- two\n- three\n\n| a | b |\n| - | - |\n| 1 | 2 |\n| 3 | 4 |');
    expect(md.el.innerHTML).toBe(once.el.innerHTML);
  });
});
