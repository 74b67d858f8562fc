/**
 * Contacts a popover or a tooltip shows: an insurer's agency table whose "Coordonnées" button
 * opens a Bootstrap popover (`data-bs-toggle="popover" data-bs-content="<b>Tél :</b> …"`), a
 * card's phone icon whose number is only its tooltip (`data-toggle="tooltip" title="Tél : …"`,
 * `data-original-title` once Bootstrap 3/4 has moved it there), a Tippy.js `data-tippy-content`.
 * What hovering or clicking would show is in the page: each such content is written after its
 * control, as a block of the same record, and read as the page's other text is (its labels tell
 * a fax from a phone). A `title` on anything that is not a tooltip or a popover stays an attribute,
 * and so does a tooltip in a heading that shows no contact (a badge's word beside a name).
 */
import type { HTMLElement, Node } from 'node-html-parser';

/** Attributes a popover's body is written in (Bootstrap 5, Bootstrap 3/4, Tippy.js). */
const CONTENT_ATTRS = ['data-bs-content', 'data-content', 'data-tippy-content'];
/** Attributes a tooltip's text (or a popover's header) is written in, in Bootstrap's order. */
const TITLE_ATTRS = ['data-bs-title', 'data-bs-original-title', 'data-original-title', 'title'];
/** Longest content written out, and most controls read on one page. */
const MAX_CONTENT = 4_000;
const MAX_CONTROLS = 5_000;

/** A digit or an '@': what a contact holds (a tooltip without any says a badge's word or an icon's). */
const CONTACT_LIKE = /[\d@\u0660-\u0669]/;
/** Levels looked up from a control for the heading it sits in. */
const MAX_HEADING_UP = 3;

/** Whether an element sits in a heading (itself or one of its {@link MAX_HEADING_UP} nearest ancestors). */
function inHeading(el: HTMLElement): boolean {
  let e: HTMLElement | null = el;
  for (let up = 0; up <= MAX_HEADING_UP && e; up++, e = e.parentNode) if (/^H[1-6]$/.test(e.tagName)) return true;
  return false;
}

/**
 * Writes the content of each popover or tooltip control of a page after the control, in a
 * `<div>` of its own (HTML content parsed by `parseFragment`); the page is then walked again by
 * the caller. A control is an element with `data-bs-toggle` / `data-toggle` set to popover or
 * tooltip, or one with Bootstrap 5's or Tippy's content attribute (`data-content` alone is a
 * CSS pseudo-element's text: only with a popover toggle or class). A popover writes its body;
 * a tooltip (or a popover without body) its title. Cheap test first: the raw attributes name a
 * popover, a tooltip or a content attribute. Returns whether anything was written.
 */
export function revealPopovers(elements: readonly HTMLElement[], parseFragment: (html: string) => HTMLElement): boolean {
  let written = 0;
  for (const el of elements) {
    const raw = el.rawAttrs;
    if (raw === '' || !(raw.includes('popover') || raw.includes('tooltip') || raw.includes('-content'))) continue;
    const toggle = (el.getAttribute('data-bs-toggle') ?? el.getAttribute('data-toggle') ?? '').trim().toLowerCase();
    const tip = toggle === 'popover' || toggle === 'tooltip';
    const popoverish = tip || raw.includes('popover');
    let content: string | undefined;
    for (const attr of CONTENT_ATTRS) {
      if (attr === 'data-content' && !popoverish) continue;
      const v = el.getAttribute(attr);
      if (v !== undefined && v.trim() !== '') {
        content = v;
        break;
      }
    }
    if (content === undefined && tip) {
      for (const attr of TITLE_ATTRS) {
        const v = el.getAttribute(attr);
        if (v !== undefined && v.trim() !== '') {
          content = v;
          break;
        }
      }
      // (A badge's tooltip in a heading, MyListing's 'Promu' beside the name: no contact, and no part of the name.)
      if (content !== undefined && !CONTACT_LIKE.test(content) && inHeading(el)) content = undefined;
    }
    const parent = el.parentNode as HTMLElement | null;
    if (content === undefined || content.length > MAX_CONTENT || !parent) continue;
    const box = parseFragment(`<div>${content}</div>`).childNodes.find((n: Node) => n.nodeType === 1) as HTMLElement | undefined;
    if (!box) continue;
    const at = parent.childNodes.indexOf(el);
    if (at === -1) continue;
    parent.childNodes.splice(at + 1, 0, box);
    box.parentNode = parent;
    if (++written >= MAX_CONTROLS) break;
  }
  return written > 0;
}
