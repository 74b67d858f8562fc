/**
 * Cards kept in `<template>` elements: a page whose list is empty in its markup and whose every
 * card is written, whole, in a `<template>` of a data holder that its script clones into the list
 * (`document.importNode(t.content, true)`, a category filter re-cloning them). A browser shows them
 * once the script runs; the parse stage, like a reader without scripts, sees inert templates, and
 * the later stages drop them with the scripts. Templates of one holder (the children of one
 * element), two or more of which each hold a contact (a `tel:` or `mailto:` link, a number or an
 * e-mail in their text), are read as shown: each template's content written in its place. A
 * template is such a card only when it is concrete: no framework directive on it (Alpine's
 * `x-for`, Vue's `v-if`, `#slot`, Angular's `*ngIf`) and no binding nor placeholder in it
 * (`x-text`, `:href`, `v-bind`, `data-bind`, `{{ nom }}`, `${tel}`, `<%= %>`): a template a script
 * fills from data is a skeleton, no card. Declarative shadow roots are attached before (shadow.ts).
 * Everything is bounded and linear in the page's size.
 */
import type { HTMLElement, Node } from 'node-html-parser';

/** Most templates looked at on one page. */
const MAX_TEMPLATES = 2_000;
/** Most nodes looked at in one template. */
const MAX_TEMPLATE_NODES = 5_000;
/** Longest text node looked at for a contact or a placeholder. */
const MAX_TEXT = 2_000;
/** Fewest templates of one holder holding a contact for the holder's templates to be cards. */
const MIN_CARDS = 2;

/** A template's own attribute naming a directive (Alpine's `x-for`, Vue's `v-if` / `#slot`, Angular's `*ngIf`, `[ngIf]`, `let-x`, Svelte's `bind:`), by its name. */
const TEMPLATE_DIRECTIVE = /^(?:x-|v-|ng-|[:@#*[(]|let-|bind:|on:|data-bind$|slot$|shadowroot)/i;
/** A binding attribute of an element inside a template (`x-text="nom"`, `:href="…"`, `v-bind:href`, `@click`, `data-bind`, `[href]`), its name then '=' (bounded). */
const BINDING_ATTR = /(?:^|\s)(?:x-[a-z][\w.:-]{0,40}|v-[a-z][\w.:-]{0,40}|[:@*][\w.:-]{1,40}|\[[\w.-]{1,40}\]|\([\w.-]{1,40}\)|ng-[a-z][\w-]{0,40}|data-bind|bind:[\w-]{1,40})\s{0,3}=/i;
/** A placeholder of a template language in text or in an attribute value. */
const PLACEHOLDER = /\{\{|\}\}|\$\{|<%|%>|\[\[|\]\]|\{%/;
/** A number as phones are written (nine digits or more with spaces, dots, dashes), or an e-mail's '@' between letters. */
const CONTACT_TEXT = /\d(?:[ .()-]{0,2}\d){8}|\w@\w/;
/** A link that calls or writes (in the raw attributes). */
const CONTACT_LINK = /href\s{0,3}=\s{0,3}["']?\s{0,3}(?:tel|mailto|callto):/i;

/** What a template holds: whether it is concrete (no binding, no placeholder) and whether it shows a contact. */
function readTemplate(template: HTMLElement): { concrete: boolean; contact: boolean } {
  if (PLACEHOLDER.test(template.rawAttrs) || Object.keys(template.attributes).some((name) => TEMPLATE_DIRECTIVE.test(name))) return { concrete: false, contact: false };
  let contact = false;
  const stack: Node[] = [...template.childNodes];
  let steps = 0;
  for (; stack.length > 0 && steps < MAX_TEMPLATE_NODES; steps++) {
    const node = stack.pop()!;
    if (node.nodeType === 3) {
      const raw = node.rawText;
      const text = raw.length > MAX_TEXT ? raw.slice(0, MAX_TEXT) : raw;
      if (PLACEHOLDER.test(text)) return { concrete: false, contact: false };
      contact ||= CONTACT_TEXT.test(text);
      continue;
    }
    if (node.nodeType !== 1) continue;
    const el = node as HTMLElement;
    const attrs = el.rawAttrs;
    if (attrs !== '') {
      if (BINDING_ATTR.test(attrs) || PLACEHOLDER.test(attrs)) return { concrete: false, contact: false };
      contact ||= CONTACT_LINK.test(attrs);
    }
    // (A template nested in a card is another's, left as it is.)
    if ((el.rawTagName ?? '').toUpperCase() === 'TEMPLATE') continue;
    for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
  }
  // (A template too large to be read whole is no card.)
  return stack.length > 0 ? { concrete: false, contact: false } : { concrete: true, contact };
}

/**
 * Writes the content of the page's card templates (see the module's comment) in their places.
 * Returns whether any was (the caller walks the page again).
 */
export function showCardTemplates(templates: readonly HTMLElement[]): boolean {
  const byHolder = new Map<HTMLElement, { cards: HTMLElement[]; contacts: number }>();
  for (const template of templates.slice(0, MAX_TEMPLATES)) {
    const holder = template.parentNode as HTMLElement | null;
    // (A shadow root already attached has left the tree.)
    if (holder === null || holder.parentNode === null) continue;
    const { concrete, contact } = readTemplate(template);
    if (!concrete) continue;
    const group = byHolder.get(holder) ?? { cards: [], contacts: 0 };
    group.cards.push(template);
    if (contact) group.contacts++;
    byHolder.set(holder, group);
  }
  let shown = false;
  let shownTexts: Set<string> | undefined;
  for (const [holder, { cards, contacts }] of byHolder) {
    if (contacts < MIN_CARDS) continue;
    // (Cards the page also shows outside its templates, kept there for a filter's script, are shown once.)
    shownTexts ??= textsOutsideTemplates(holder);
    const probe = firstText(cards[0]);
    if (probe !== undefined && shownTexts.has(probe)) continue;
    const kids: Node[] = [];
    const set = new Set(cards);
    for (const child of holder.childNodes) {
      if (child.nodeType === 1 && set.has(child as HTMLElement)) {
        for (const k of child.childNodes) {
          k.parentNode = holder;
          kids.push(k);
        }
        child.childNodes = [];
      } else kids.push(child);
    }
    holder.childNodes = kids;
    shown = true;
  }
  return shown;
}

/** Most nodes of a page looked at for the texts it shows outside its templates ({@link textsOutsideTemplates}). */
const MAX_PAGE_NODES = 50_000;

/** The texts of the page's text nodes outside any template, trimmed (bounded: {@link MAX_PAGE_NODES} nodes). */
function textsOutsideTemplates(from: HTMLElement): Set<string> {
  let root: HTMLElement = from;
  while (root.parentNode) root = root.parentNode;
  const out = new Set<string>();
  const stack: Node[] = [...root.childNodes];
  for (let steps = 0; stack.length > 0 && steps < MAX_PAGE_NODES; steps++) {
    const node = stack.pop()!;
    if (node.nodeType === 3) {
      const t = node.rawText.trim();
      if (t !== '' && t.length <= 200) out.add(t);
    } else if (node.nodeType === 1 && ((node as HTMLElement).rawTagName ?? '').toUpperCase() !== 'TEMPLATE') stack.push(...node.childNodes);
  }
  return out;
}

/** A template's first non-empty text, trimmed (its card's name, as a rule), looked for in its first 200 nodes. */
function firstText(template: HTMLElement): string | undefined {
  const stack: Node[] = [...template.childNodes].reverse();
  for (let steps = 0; stack.length > 0 && steps < 200; steps++) {
    const node = stack.pop()!;
    if (node.nodeType === 3) {
      const t = node.rawText.trim();
      if (t !== '') return t.length <= 200 ? t : undefined;
    } else if (node.nodeType === 1) for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
  }
  return undefined;
}
