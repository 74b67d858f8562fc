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

/** Where a child stands among its parent's children, looked for from where the last look in that parent found one (children are met in document order: each parent's children walked about once). */
function indexIn(parent: HTMLElement, child: Node, at: WeakMap<HTMLElement, number>): number {
  const kids = parent.childNodes;
  const from = Math.min(at.get(parent) ?? 0, kids.length - 1);
  let i = from;
  while (i < kids.length && kids[i] !== child) i++;
  if (i === kids.length) for (i = from - 1; i >= 0 && kids[i] !== child; i--);
  if (i >= 0) at.set(parent, i);
  return i;
}

/** What follows an entry's run in its parent, up to the entry around it, for the entries of one shape in one parent. */
type Follow = { shape: string; around: HTMLElement; from: number; other: number; otherAbove: boolean };

/**
 * Moves out every entry nested in an entry of its own shape (tag and classes), where the
 * one around it was left open: the entry stands after content of the entry around it (its
 * name, its lines: not alone in a wrapper, as a sub-menu's items or a thread's replies are) and
 * both open with an element of one shape (the panel of a grid's column, the name's heading); and
 * nothing of the entry around it follows it, at any level up to that entry, but blanks and
 * entries of its shape (a forgotten end tag leaves nothing of the entry's own after the entries
 * it swallowed: a company's branch of its class followed by the company's link is the company's).
 * Only the last entry of a cascade, one in an entry put back before or one holding an entry of
 * its shape, may be followed by other things: the page's tail (pager, footer) it swallowed. The
 * entry, what follows it in the open elements and up to the entry around it, are put right after
 * that entry, in the same order: the page's text keeps its order. Returns whether it moved any.
 * One pass over the elements in document order, each looking up at most {@link MAX_UP} levels;
 * each parent's children scanned about once.
 */
export function unnestUnclosedEntries(elements: readonly HTMLElement[], classText: ClassText): boolean {
  let moved = false;
  const scans = new WeakMap<HTMLElement, Scan>();
  const at = new WeakMap<HTMLElement, number>();
  const follows = new WeakMap<HTMLElement, Follow>();
  /** The entry of an element's own shape at most {@link MAX_UP} levels around it. */
  const around = (f: HTMLElement): HTMLElement | undefined => {
    let e: HTMLElement | null = f.parentNode;
    for (let up = 1; e && up <= MAX_UP; up++, e = e.parentNode) if (e.nodeType === 1 && sameShape(e, f, classText)) return e;
    return undefined;
  };
  const isEntry = (el: HTMLElement) => ENTRY_TAGS.has(el.tagName) && classText(el) !== '';
  // (Entries that hold one of their shape, as the page was parsed: a cascade goes on inside them.)
  const holding = new Set<HTMLElement>();
  for (const f of elements) {
    if (!isEntry(f)) continue;
    const e = around(f);
    if (e) holding.add(e);
  }
  const putBack = new Set<HTMLElement>();
  /** Whether a node is blank or an entry of the given shape. */
  const ofRun = (n: Node, shape: string) => (n.nodeType === 3 ? n.rawText.trim() === '' : n.nodeType !== 1 || shapeKey(n as HTMLElement, classText) === shape);
  for (const f of elements) {
    if (!isEntry(f) || !holding.size) continue;
    const e = around(f);
    const p = f.parentNode;
    if (!e || !e.parentNode || !p || !contentBefore(p, f, classText, scans)) continue;
    const fFirst = firstElement(f);
    const eFirst = firstElement(e);
    if (!fFirst || !eFirst || eFirst === fFirst || !sameShape(fFirst, eFirst, classText)) continue;
    // (Where F stands: contentBefore's scan stopped at it.)
    const i = scans.get(p)?.next ?? indexIn(p, f, at);
    const shape = shapeKey(f, classText);
    let fl = follows.get(p);
    if (!fl || fl.shape !== shape || fl.around !== e || i < fl.from || i >= fl.other) {
      const kids = p.childNodes;
      let other = i + 1;
      while (other < kids.length && ofRun(kids[other], shape)) other++;
      let otherAbove = false;
      for (let a: HTMLElement = p; a !== e && !otherAbove; ) {
        const child = a;
        a = a.parentNode as HTMLElement;
        const up = a.childNodes;
        for (let j = indexIn(a, child, at) + 1; j < up.length && !otherAbove; j++) if (!ofRun(up[j], shape)) otherAbove = true;
      }
      fl = { shape, around: e, from: i, other, otherAbove };
      follows.set(p, fl);
    }
    if ((fl.other < p.childNodes.length || fl.otherAbove) && !putBack.has(e) && !holding.has(f)) continue;
    // F and what follows it, up the open elements to E.
    const out: Node[] = [];
    let from = i;
    for (let a: HTMLElement = p; ; ) {
      const rest = a.childNodes.splice(from);
      for (const n of rest) out.push(n);
      if (a === e) break;
      const child = a;
      a = a.parentNode as HTMLElement;
      from = indexIn(a, child, at) + 1;
    }
    const holder: HTMLElement = e.parentNode;
    const where = indexIn(holder, e, at) + 1;
    for (const n of out) {
      n.parentNode = holder;
      if (n.nodeType === 1 && shapeKey(n as HTMLElement, classText) === shape) putBack.add(n as HTMLElement);
    }
    holder.childNodes.splice(where, 0, ...out);
    follows.delete(holder);
    moved = true;
  }
  return moved;
}
