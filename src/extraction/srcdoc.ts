/**
 * Documents framed inline: an `<iframe srcdoc="…">` shows, in the page and as a part of it, the
 * document its attribute holds (the whole document HTML-escaped in the attribute, `&lt;tr&gt;`,
 * `&quot;`: a directorate's list embedded as a framed table, a CMS block pasted as a frame). The
 * parser keeps an iframe empty and the attribute as text; the framed document is parsed and its
 * body's content written in the frame's place (its head, styles and title left out), as a reader
 * of the page sees it. A `srcdoc` holding no block markup or little text (a video's poster and
 * play button, a widget's placeholder) is left as it is. Everything is bounded and linear in the
 * page's size; a frame framed inside a framed document is not opened again.
 */
import type { HTMLElement, Node } from 'node-html-parser';

/** Shortest text a framed document shows to be read as a part of the page (a poster's caption is shorter). */
const MIN_FRAMED_TEXT = 100;
/** Longest `srcdoc` parsed. */
const MAX_SRCDOC = 2_000_000;
/** Most frames opened on one page. */
const MAX_FRAMES = 20;
/** Most nodes looked at in one framed document for its body and its blocks. */
const MAX_FRAMED_NODES = 200_000;

/** Block elements of a document's content: a framed document holding none (an image, a button) is no part of the page. */
const BLOCK_TAGS = new Set(['P', 'DIV', 'ARTICLE', 'SECTION', 'MAIN', 'TABLE', 'UL', 'OL', 'DL', 'LI', 'TR', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
/** Elements whose text a reader does not see. */
const UNSHOWN = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'HEAD', 'TITLE']);
/** What a framed document's head holds, left out of the page. */
const HEAD_TAGS = new Set(['HEAD', 'TITLE', 'META', 'LINK', 'STYLE', 'BASE']);

/** The nodes a framed document shows: its body's children, else its root's without the head's elements (a fragment or a document without `<body>`). */
function shownNodes(doc: HTMLElement): Node[] {
  const stack: Node[] = [...doc.childNodes];
  for (let steps = 0; stack.length > 0 && steps < MAX_FRAMED_NODES; steps++) {
    const node = stack.pop()!;
    if (node.nodeType !== 1) continue;
    const tag = ((node as HTMLElement).rawTagName ?? '').toUpperCase();
    if (tag === 'BODY') return [...node.childNodes];
    if (tag === 'HTML') stack.push(...node.childNodes);
  }
  const top: Node[] = [];
  for (const node of doc.childNodes) {
    if (node.nodeType === 1) {
      const tag = ((node as HTMLElement).rawTagName ?? '').toUpperCase();
      if (tag === 'HTML') top.push(...node.childNodes.filter((c) => c.nodeType !== 1 || !HEAD_TAGS.has(((c as HTMLElement).rawTagName ?? '').toUpperCase())));
      else if (!HEAD_TAGS.has(tag)) top.push(node);
    } else if (node.nodeType === 3) top.push(node);
  }
  return top;
}

/** The text length a list of nodes shows and whether it holds a block element (one bounded walk). */
function measure(nodes: readonly Node[]): { text: number; block: boolean } {
  let text = 0;
  let block = false;
  const stack: Node[] = [...nodes];
  for (let steps = 0; stack.length > 0 && steps < MAX_FRAMED_NODES; steps++) {
    const node = stack.pop()!;
    if (node.nodeType === 3) text += node.rawText.replace(/\s+/g, ' ').trim().length;
    else if (node.nodeType === 1) {
      const tag = ((node as HTMLElement).rawTagName ?? '').toUpperCase();
      if (UNSHOWN.has(tag)) continue;
      if (BLOCK_TAGS.has(tag)) block = true;
      stack.push(...node.childNodes);
    }
  }
  return { text, block };
}

/**
 * Writes the document of each `<iframe srcdoc>` of the page (see the module's comment) in the
 * frame's place. `parseFragment` parses markup as the page was parsed. Returns whether any was
 * (the caller walks the page again).
 */
export function showFramedDocuments(iframes: readonly HTMLElement[], parseFragment: (html: string) => HTMLElement): boolean {
  let shown = false;
  let opened = 0;
  for (const frame of iframes) {
    if (opened >= MAX_FRAMES) break;
    const parent = frame.parentNode as HTMLElement | null;
    if (parent === null || !frame.rawAttrs.toLowerCase().includes('srcdoc')) continue;
    const markup = frame.getAttribute('srcdoc');
    if (markup === undefined || markup.length < MIN_FRAMED_TEXT || markup.length > MAX_SRCDOC || !markup.includes('<')) continue;
    opened++;
    const nodes = shownNodes(parseFragment(markup));
    const { text, block } = measure(nodes);
    if (text < MIN_FRAMED_TEXT || !block) continue;
    // (The frame becomes a block holding its document, where it stood, classed as the frame was, `pub`
    // saying an ad still; its other attributes, the escaped markup among them, are dropped.)
    const own = ['class', 'id'].flatMap((name) => {
      const value = frame.getAttribute(name);
      return value ? [`${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`] : [];
    });
    frame.rawTagName = 'div';
    // (The tag the parse stage gave the element as its own is dropped: node-html-parser's, read from the new raw tag, answers until the page is walked again.)
    delete (frame as { tagName?: string }).tagName;
    frame.rawAttrs = own.join(' ');
    for (const n of nodes) n.parentNode = frame;
    frame.childNodes = nodes;
    shown = true;
  }
  return shown;
}
