/**
 * An app shell's view for browsers without scripts: a single-page app (Discourse, an Ember or
 * Angular front end rendered on the server for crawlers) ships a body whose elements are empty
 * until its scripts run, and writes the page's content, its topic's posts, its list, in a
 * `<noscript>` that a browser without scripts shows in their place. The parser keeps a
 * `<noscript>`'s content as raw text (what a lazy-loading plugin's fallback `<img>`, a tag
 * manager's `<iframe>` or an 'enable JavaScript' notice holds there is never the page's text);
 * a `<noscript>` that holds the page's content, block markup whose text is longer than all the
 * text the rest of the body shows, is read as the page is shown without scripts: its markup in
 * its place. Everything is bounded and linear in the page's size.
 */
import type { HTMLElement, Node } from 'node-html-parser';

/** Shortest text of a `<noscript>` read as the page's content (a notice or a pixel is shorter). */
const MIN_VIEW_TEXT = 400;
/** Longest `<noscript>` markup parsed. */
const MAX_VIEW_MARKUP = 2_000_000;
/** Most `<noscript>` elements looked at on one page. */
const MAX_NOSCRIPTS = 50;

/** Block elements of a page's content: a `<noscript>` holding none (an image, an iframe) is no view. */
const BLOCK_TAGS = new Set(['P', 'DIV', 'ARTICLE', 'SECTION', 'MAIN', 'TABLE', 'UL', 'OL', 'DL', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
/** Elements whose text a browser does not show as the page's. */
const UNSHOWN = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'SVG']);

/** Characters of text shown under `el` (scripts, styles, templates and `<noscript>` aside). One walk. */
function shownLength(el: Node): number {
  let n = 0;
  const stack: Node[] = [el];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === 3) n += node.rawText.replace(/\s+/g, ' ').trim().length;
    else if (node.nodeType === 1 && !UNSHOWN.has(((node as HTMLElement).rawTagName ?? "").toUpperCase())) for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
  }
  return n;
}

/** Whether a parsed fragment holds a block element (looked for down to a few levels, bounded). */
function holdsBlock(root: HTMLElement): boolean {
  const stack: Node[] = [...root.childNodes];
  for (let steps = 0; stack.length > 0 && steps < 2_000; steps++) {
    const node = stack.pop()!;
    if (node.nodeType !== 1) continue;
    if (BLOCK_TAGS.has(((node as HTMLElement).rawTagName ?? "").toUpperCase())) return true;
    stack.push(...node.childNodes);
  }
  return false;
}

/**
 * Writes the markup of each `<noscript>` inside the body that is the page's content (see the
 * module's comment) in its place. `parseFragment` parses markup as the page was parsed. Returns
 * whether any was (the caller walks the page again).
 */
export function showNoscriptViews(noscripts: readonly HTMLElement[], body: HTMLElement | undefined, parseFragment: (html: string) => HTMLElement): boolean {
  if (body === undefined) return false;
  let shown = false;
  let restLength: number | undefined;
  for (const ns of noscripts.slice(0, MAX_NOSCRIPTS)) {
    const parent = ns.parentNode as HTMLElement | null;
    if (parent === null) continue;
    const markup = ns.rawText;
    if (markup.length < MIN_VIEW_TEXT || markup.length > MAX_VIEW_MARKUP || !markup.includes('<')) continue;
    // (Inside the body only: a `<noscript>` of the head holds styles or a redirect.)
    let inBody = false;
    for (let up: HTMLElement | null = parent; up !== null && !inBody; up = up.parentNode) inBody = up === body;
    if (!inBody) continue;
    const fragment = parseFragment(markup);
    const length = shownLength(fragment);
    if (length < MIN_VIEW_TEXT || !holdsBlock(fragment)) continue;
    restLength ??= shownLength(body);
    if (length <= restLength) continue;
    const kids = fragment.childNodes;
    for (const k of kids) k.parentNode = parent;
    const at = parent.childNodes.indexOf(ns);
    parent.childNodes.splice(at, 1, ...kids);
    shown = true;
  }
  return shown;
}
