/**
 * Declarative shadow roots: a page server-rendered with web components (Lit SSR, Stencil,
 * Enhance) writes each component's content in a `<template shadowrootmode="open">` (Chrome's
 * older `shadowroot="open"`) as the first child of the component's element. A browser attaches
 * it as that element's shadow root and shows the shadow tree in place of the element's own
 * children, each of which is shown only where a `<slot>` of the tree takes it (its `slot`
 * attribute naming the slot, text and unnamed children in the slot without a name). The page is
 * read as it is shown: the element's children become its shadow tree's, each slot holding the
 * light children assigned to it (or, when none are, its own fallback content), and the light
 * children no slot takes are dropped. A card whose name and numbers are only in its shadow root
 * is then an entry like any other, and an app shell's shadow header and footer its chrome.
 */
import type { HTMLElement, Node } from 'node-html-parser';

/** Most shadow roots attached on one page. */
const MAX_ROOTS = 5_000;

/** Whether an element is a `<template>` that declares a shadow root (open or closed). */
function declaresShadowRoot(el: HTMLElement): boolean {
  if (el.tagName !== 'TEMPLATE') return false;
  const raw = el.rawAttrs;
  if (!raw.includes('shadowroot') && !raw.includes('SHADOWROOT') && !raw.includes('shadowRoot')) return false;
  const mode = (el.getAttribute('shadowrootmode') ?? el.getAttribute('shadowroot') ?? '').trim().toLowerCase();
  return mode === 'open' || mode === 'closed';
}

/**
 * Attaches the declarative shadow roots of a page's `<template>` elements (in document order,
 * as the parser meets them), each host taking the first one among its children. Each node is
 * walked once: a tree's slots are looked for outside the nested templates, which are other
 * hosts' trees. Returns whether any was attached (the caller walks the page again).
 */
export function attachShadowRoots(templates: readonly HTMLElement[]): boolean {
  const hosts = new Set<HTMLElement>();
  for (const template of templates) {
    if (hosts.size >= MAX_ROOTS) break;
    const host = template.parentNode as HTMLElement | null;
    if (!host || host.parentNode === null || hosts.has(host) || !declaresShadowRoot(template)) continue;
    hosts.add(host);
    compose(host, template);
  }
  return hosts.size > 0;
}

/** Writes a host's shadow tree in place of its children, its light children in the slots that take them. */
function compose(host: HTMLElement, template: HTMLElement): void {
  const tree = template.childNodes;
  // The first slot of each name in tree order takes that name's children ('' the slot without a name).
  const slots = new Map<string, HTMLElement>();
  const stack: Node[] = [];
  for (let i = tree.length - 1; i >= 0; i--) stack.push(tree[i]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== 1) continue;
    const el = node as HTMLElement;
    if (el.tagName === 'TEMPLATE') continue;
    if (el.tagName === 'SLOT') {
      const name = (el.getAttribute('name') ?? '').trim();
      if (!slots.has(name)) slots.set(name, el);
    }
    const kids = el.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  const assigned = new Map<HTMLElement, Node[]>();
  for (const child of host.childNodes) {
    if (child === template) continue;
    const name = child.nodeType === 1 ? ((child as HTMLElement).getAttribute('slot') ?? '').trim() : child.nodeType === 3 ? '' : undefined;
    const slot = name === undefined ? undefined : slots.get(name);
    if (!slot) continue;
    const list = assigned.get(slot);
    if (list) list.push(child);
    else assigned.set(slot, [child]);
  }
  for (const [slot, nodes] of assigned) {
    // (A slot given only whitespace shows that whitespace, not its fallback, as a browser does.)
    for (const n of nodes) n.parentNode = slot;
    slot.childNodes = nodes;
  }
  for (const n of tree) n.parentNode = host;
  host.childNodes = tree;
  template.childNodes = [];
  template.parentNode = null as unknown as HTMLElement;
}
