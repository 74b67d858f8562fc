/**
 * A list whose entries were typed (or templated) with one of their end tags missing: a card
 * whose `</div>` for its body and column was forgotten, an entry whose info `<div>` stays open.
 * The browser (and the parser) then nest every later entry inside the unclosed one, each inside
 * the previous; what the reader sees is still a flat list of cards. {@link unnestUnclosedEntries}
 * puts each such entry back after the one it was swallowed by, as its author meant.
 */
import type { HTMLElement, Node } from 'node-html-parser';

/** Block elements that hold a list's entries. */
const ENTRY_TAGS = new Set(['DIV', 'LI', 'ARTICLE', 'SECTION']);
/** Levels looked up from an entry for the unclosed entry around it (its body, its column, its panel). */
const MAX_UP = 4;

/** An element's classes as written, joined by single spaces (parse.ts's `classText`, kept per element). */
type ClassText = (el: HTMLElement) => string;

/** Whether two elements have one shape: tag and classes as written. */
function sameShape(a: HTMLElement, b: HTMLElement, classText: ClassText): boolean {
  return a.tagName === b.tagName && classText(a) === classText(b);
}

function firstElement(el: HTMLElement): HTMLElement | undefined {
  for (const c of el.childNodes) if (c.nodeType === 1) return c as HTMLElement;
  return undefined;
}

/** How far a parent's children were scanned for {@link contentBefore}: the next child to look at, whether a non-blank text was seen, the shapes of the elements seen. */
type Scan = { next: number; text: boolean; shapes: Set<string> };

/**
 * Whether `parent` shows something of its own before `child`: a non-blank text or an element of
 * another shape. Each parent's children are scanned once, from where the last call stopped (`scans`):
 * the children of one parent are met in document order, and a move only takes away a child and
 * what follows it, so the scanned prefix stays as it was.
 */
function contentBefore(parent: HTMLElement, child: HTMLElement, classText: ClassText, scans: WeakMap<HTMLElement, Scan>): boolean {
  let scan = scans.get(parent);
  if (!scan) {
    scan = { next: 0, text: false, shapes: new Set() };
    scans.set(parent, scan);
  }
  const kids = parent.childNodes;
  if (scan.next > kids.length) scan.next = kids.length;
  for (let from = 0; ; from++) {
    for (; scan.next < kids.length; scan.next++) {
      const c = kids[scan.next];
      if (c === child) break;
      if (c.nodeType === 3) {
        if (c.rawText.trim() !== '') scan.text = true;
      } else if (c.nodeType === 1) scan.shapes.add(shapeKey(c as HTMLElement, classText));
    }
    if (scan.next < kids.length) break;
    // (The child stands before where the scan stopped, which the order of the walk never does: scanned afresh, once.)
    if (from > 0) return false;
    scan.next = 0;
    scan.text = false;
    scan.shapes.clear();
  }
  if (scan.text) return true;
  const own = shapeKey(child, classText);
  return scan.shapes.size > 1 || (scan.shapes.size === 1 && !scan.shapes.has(own));
}

function shapeKey(el: HTMLElement, classText: ClassText): string {
  return `${el.tagName} ${classText(el)}`;
}

/**
 * Moves out every entry nested in an entry of its own shape (tag and classes), where the
 * one around it was left open: the entry stands after content of the entry around it (its
 * name, its lines: not alone in a wrapper, as a sub-menu's items or a thread's replies are) and
 * both open with an element of one shape (the panel of a grid's column, the name's heading). The
 * entry, what follows it in the open elements and up to the entry around it, are put right after
 * that entry, in the same order: the page's text keeps its order. Returns whether it moved any.
 * One pass over the elements in document order, each looking up at most {@link MAX_UP} levels.
 */
export function unnestUnclosedEntries(elements: readonly HTMLElement[], classText: ClassText): boolean {
  let moved = false;
  const scans = new WeakMap<HTMLElement, Scan>();
  for (const f of elements) {
    if (!ENTRY_TAGS.has(f.tagName)) continue;
    if (classText(f) === '') continue;
    let e: HTMLElement | null = f.parentNode;
    let up = 1;
    while (e && up <= MAX_UP && !(e.nodeType === 1 && sameShape(e, f, classText))) {
      e = e.parentNode;
      up++;
    }
    const p = f.parentNode;
    if (!e || up > MAX_UP || !e.parentNode || !p || !contentBefore(p, f, classText, scans)) continue;
    const fFirst = firstElement(f);
    const eFirst = firstElement(e);
    if (!fFirst || !eFirst || eFirst === fFirst || !sameShape(fFirst, eFirst, classText)) continue;
    // F and what follows it, up the open elements to E.
    const out: Node[] = [];
    let from = p.childNodes.indexOf(f);
    for (let a: HTMLElement = p; ; ) {
      const rest = a.childNodes.splice(from);
      for (const n of rest) out.push(n);
      if (a === e) break;
      const child = a;
      a = a.parentNode as HTMLElement;
      from = a.childNodes.indexOf(child) + 1;
    }
    const holder: HTMLElement = e.parentNode;
    const at = holder.childNodes.indexOf(e) + 1;
    for (const n of out) n.parentNode = holder;
    holder.childNodes.splice(at, 0, ...out);
    moved = true;
  }
  return moved;
}
