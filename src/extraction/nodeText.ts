/**
 * The bounded text of a small element, shared by the readers of items and of record tables.
 * (A module of its own: items.ts and tables.ts both use it, and tables.ts is imported by items.ts.)
 */
import type { HTMLElement, Node } from 'node-html-parser';
import { collapseSpaces, isSpace } from '../platform/text';

export { collapseSpaces, isSpace };

/**
 * The text of a small element, or undefined when it holds more than `max` characters or more
 * than a few dozen nodes: a bounded walk, so asking every link of a deeply nested page for its
 * text stays linear.
 */
export function shortText(el: HTMLElement, max: number): string | undefined {
  let text = '';
  let nodes = 0;
  const kids = el.childNodes;
  // (More than 40 children: more than 40 nodes, as the walk would find.)
  if (kids.length > 40) return undefined;
  const stack: Node[] = [];
  for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (++nodes > 40) return undefined;
    if (n.nodeType === 3) {
      // (A text without '&' has no entity: its decoded text is its raw text, no decoding asked for.)
      const raw = n.rawText;
      text += raw.includes('&') ? n.text : raw;
      if (text.length > max * 4) return undefined;
    } else if (n.nodeType === 1) for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]);
  }
  // (Collapsing never shortens the text below its count of non-space characters, and a text no
  // longer than `max` cannot hold more: counted only for a longer one.)
  if (text.length > max && nonSpaces(text) > max) return undefined;
  text = collapseSpaces(text);
  return text.length <= max ? text : undefined;
}

/** How many characters of a text are not whitespace (what /\s/ matches). */
function nonSpaces(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) n++;
  return n;
}

