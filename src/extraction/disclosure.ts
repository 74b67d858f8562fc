/**
 * Panels a control discloses: a federation's member modals opened by its logo tiles (Bootstrap's
 * `data-toggle="modal" data-target="#membre-12"`, `href="#membre-12"`), an insurer's agency tab
 * panes opened by vertical tab buttons (`aria-controls`, `data-bs-target`, a list group's
 * `data-bs-toggle="list" href="#agence-3"`). What a click reveals is in the page: each panel is
 * the content of the control that opens it, not a popup of the site's own ('modal' is otherwise a
 * chrome word), and a panel that names nothing itself (the agency's name only on its tab button,
 * in a photo's alt inside the pane) is named by what its control shows.
 *
 * Read only where the page repeats it: panels of one shape, each opened by a control of its own,
 * two or more of them (and half) holding a contact. A site's one newsletter or login modal stays its own; tabs
 * per commune over cards that carry their names are not named by the commune.
 */
import type { HTMLElement, Node } from 'node-html-parser';

/** Longest attribute value read as a control's target. */
const MAX_TARGET = 200;
/** Elements looked at, at most, in one panel (its contacts, its headings). */
const MAX_PANEL_WALK = 2_000;
/** Longest text of a panel named by its control: one record, not a section of several. */
const MAX_NAMED_PANEL_TEXT = 1_500;
/** Longest control text read as a panel's name. */
const MAX_LABEL = 120;
/** Nodes looked at, at most, for a control's first line of text. */
const MAX_LABEL_WALK = 200;
/** Deepest ancestor walk (the parser caps the depth at 512). */
const MAX_ANCESTORS = 600;

/**
 * The panels of a page, whether a name was written into any of them (the page is then walked
 * again), and the widgets holding them: the elements from a panel up to the one that holds its
 * control too (a tabs widget around its strip and its panes).
 */
export interface Disclosed {
  panels: HTMLElement[];
  named: boolean;
  holders: HTMLElement[];
}

/**
 * The panels a control discloses on a page ({@link Disclosed}): each named by the control that
 * opens it, of one shape, two or more of them holding a contact (and at least half). A panel without a heading of its own,
 * standing apart from its control (not beside it in one block, as an accordion's body stands
 * under its header), small as one record is, gets its control's first line of text as a heading
 * (or that of the element its `aria-labelledby` names, when outside it).
 */
export function disclosedPanels(elements: readonly HTMLElement[]): Disclosed {
  const controls: { control: HTMLElement; id: string }[] = [];
  for (const el of elements) {
    const raw = el.rawAttrs;
    if (raw === '' || !CONTROL_HINT.test(raw)) continue;
    const id = targetId(el);
    if (id !== undefined) controls.push({ control: el, id });
  }
  if (controls.length < 2) return NONE;
  const byId = new Map<string, HTMLElement>();
  for (const el of elements) if (el.id && !byId.has(el.id)) byId.set(el.id, el);
  // Each panel with the first control that opens it, grouped by shape.
  const opener = new Map<HTMLElement, HTMLElement>();
  const byShape = new Map<string, HTMLElement[]>();
  for (const { control, id } of controls) {
    const panel = byId.get(id);
    if (!panel || panel === control || opener.has(panel) || isWithin(control, panel) || isWithin(panel, control)) continue;
    opener.set(panel, control);
    const shape = `${panel.tagName}.${panel.classList.length > 0 ? panel.classList.value[0] : ''}`;
    const list = byShape.get(shape);
    if (list) list.push(panel);
    else byShape.set(shape, [panel]);
  }
  const panels: HTMLElement[] = [];
  const holders = new Set<HTMLElement>();
  let named = false;
  for (const list of byShape.values()) {
    // (A member without any contact has its panel too, among others that hold theirs.)
    const withContact = list.filter(holdsContact).length;
    if (withContact < 2 || withContact * 2 < list.length) continue;
    for (const panel of list) {
      panels.push(panel);
      const control = opener.get(panel)!;
      addHolders(panel, control, holders);
      if (panel.parentNode && isWithin(control, panel.parentNode)) continue;
      if (hasHeading(panel) || boundedText(panel, MAX_NAMED_PANEL_TEXT + 1).length > MAX_NAMED_PANEL_TEXT) continue;
      const labelledBy = byId.get((panel.getAttribute('aria-labelledby') ?? '').trim().split(/\s+/)[0] ?? '');
      const label = firstLine(labelledBy && !isWithin(labelledBy, panel) ? labelledBy : control);
      if (label === undefined) continue;
      panel.insertAdjacentHTML('afterbegin', `<h3>${escapeText(label)}</h3>`);
      named = true;
    }
  }
  return { panels, named, holders: [...holders] };
}

const NONE: Disclosed = { panels: [], named: false, holders: [] };

/**
 * The ancestors of a panel up to the first that also holds its control (that one included): the
 * widget the control and its panel make together (Avada's `fusion-tabs … nav-not-justified`,
 * Bootstrap's tab content), content as the panel is; and the elements around that one that hold
 * nothing else (the widget's outer element when a wrapper holds its inside). Bounded walks
 * ({@link MAX_ANCESTORS}); an element already kept ends the walk, as its ancestors were kept with it.
 */
function addHolders(panel: HTMLElement, control: HTMLElement, holders: Set<HTMLElement>): void {
  const controlAncestors = new Set<HTMLElement>();
  let steps = 0;
  for (let a = control.parentNode; a && steps < MAX_ANCESTORS; a = a.parentNode, steps++) controlAncestors.add(a);
  steps = 0;
  let around = -1;
  for (let a = panel.parentNode; a && steps < MAX_ANCESTORS; a = a.parentNode, steps++) {
    if (holders.has(a)) return;
    if (around >= 0 && (around++ === MAX_WIDGET_WRAPPERS || SECTIONING.has(a.tagName) || !onlyElementChild(a.childNodes))) return;
    holders.add(a);
    if (around < 0 && controlAncestors.has(a)) around = 0;
  }
}

/** Elements around a widget's inside taken as the widget ({@link addHolders}); a page's aside, nav, header or footer never is. */
const MAX_WIDGET_WRAPPERS = 2;
const SECTIONING = new Set(['ASIDE', 'NAV', 'HEADER', 'FOOTER', 'BODY', 'HTML', 'MAIN']);

/** Whether nodes hold exactly one element and no text but whitespace (read until a second element or a text). */
function onlyElementChild(nodes: readonly Node[]): boolean {
  let elements = 0;
  for (const n of nodes) {
    if (n.nodeType === 1 ? ++elements > 1 : n.nodeType === 3 && n.rawText.trim() !== '') return false;
  }
  return elements === 1;
}

/** What raw attributes hold when they may name a panel ({@link targetId}). */
const CONTROL_HINT = /aria-controls|data-(?:bs-)?target|toggle/i;

/**
 * The id of the panel an element opens: its `data-bs-target` / `data-target` ('#membre-12', one
 * id), else its `aria-controls` (the first id), else, when it toggles something
 * (`data-toggle` / `data-bs-toggle`), its `href` ('#agence-3').
 */
function targetId(el: HTMLElement): string | undefined {
  for (const name of ['data-bs-target', 'data-target']) {
    const v = el.getAttribute(name);
    if (v !== undefined && v.length <= MAX_TARGET) return ID_SELECTOR.exec(v.trim())?.[1];
  }
  const controls = el.getAttribute('aria-controls');
  if (controls !== undefined && controls.length <= MAX_TARGET) return controls.trim().split(/\s+/)[0] || undefined;
  if (el.getAttribute('data-toggle') === undefined && el.getAttribute('data-bs-toggle') === undefined) return undefined;
  const href = el.getAttribute('href');
  return href !== undefined && href.length <= MAX_TARGET ? ID_SELECTOR.exec(href.trim())?.[1] : undefined;
}

/** A selector of one id ('#membre-12'). */
const ID_SELECTOR = /^#([\w:.-]+)$/;

/** The text of an element's first nodes, at most `max` characters (at most {@link MAX_PANEL_WALK} elements looked at). */
function boundedText(el: HTMLElement, max: number): string {
  let text = '';
  let elements = 0;
  const stack: Node[] = [...el.childNodes].reverse();
  while (stack.length > 0 && text.length < max && elements < MAX_PANEL_WALK) {
    const n = stack.pop()!;
    if (n.nodeType === 3) text += n.text;
    else if (n.nodeType === 1) {
      elements++;
      for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]);
    }
  }
  return text.length > max ? text.slice(0, max) : text;
}

/** Whether `el` is `container` or stands inside it. */
function isWithin(el: HTMLElement, container: HTMLElement): boolean {
  let steps = 0;
  for (let a: HTMLElement | null = el; a && steps < MAX_ANCESTORS; a = a.parentNode, steps++) if (a === container) return true;
  return false;
}

/** The elements of a panel, in document order, at most {@link MAX_PANEL_WALK}. */
function panelElements(panel: HTMLElement): HTMLElement[] {
  const out: HTMLElement[] = [];
  const stack: Node[] = [...panel.childNodes].reverse();
  while (stack.length > 0 && out.length < MAX_PANEL_WALK) {
    const n = stack.pop()!;
    if (n.nodeType !== 1) continue;
    out.push(n as HTMLElement);
    for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]);
  }
  return out;
}

/** Whether a panel holds a contact: a `tel:` or `mailto:` link, an '@' or eight digits in its text. */
function holdsContact(panel: HTMLElement): boolean {
  for (const el of panel.tagName === 'A' ? [panel, ...panelElements(panel)] : panelElements(panel)) {
    if (el.tagName !== 'A') continue;
    const href = (el.getAttribute('href') ?? '').trim().toLowerCase();
    if (href.startsWith('tel:') || href.startsWith('mailto:')) return true;
  }
  const text = boundedText(panel, 20_000);
  if (text.includes('@')) return true;
  let digits = 0;
  for (let i = 0; i < text.length && digits < 8; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
  }
  return digits >= 8;
}

const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/** Whether a panel has a heading of its own (a modal's title, a card's name). */
function hasHeading(panel: HTMLElement): boolean {
  return panelElements(panel).some((el) => HEADINGS.has(el.tagName));
}

/** Elements whose text is never a control's name: scripts, icons, and the small print under it. */
const NOT_LABEL_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'SMALL', 'SUP']);

/**
 * A control's first line of text, when it can name a panel: the first text in document order
 * (in the inline element around it, when that is the control's child), not its small print (the
 * commune under an agency's name), an action ('Voir les coordonnées'), a label, a contact or a
 * long sentence. A bounded walk.
 */
function firstLine(control: HTMLElement): string | undefined {
  const stack: Node[] = [...control.childNodes].reverse();
  let steps = 0;
  while (stack.length > 0 && ++steps < MAX_LABEL_WALK) {
    const n = stack.pop()!;
    if (n.nodeType === 1) {
      if (NOT_LABEL_TAGS.has((n as HTMLElement).tagName)) continue;
      for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]);
      continue;
    }
    if (n.nodeType !== 3 || n.rawText.trim() === '') continue;
    const parent = n.parentNode;
    const line = parent && parent !== control && INLINE_TAGS.has(parent.tagName) && parent.parentNode === control ? parent.text : n.text;
    const text = line.replace(/\s+/g, ' ').trim();
    if (text.length < 2 || text.length > MAX_LABEL || !/\p{L}{2}/u.test(text) || text.includes('@') || (text.match(/\d/g) ?? []).length >= 6) return undefined;
    return /[:：]$/.test(text) || NOT_A_NAME.test(text) ? undefined : text;
  }
  return undefined;
}

const INLINE_TAGS = new Set(['SPAN', 'A', 'EM', 'STRONG', 'B', 'I', 'FONT', 'U', 'MARK']);

/** A control's text that is an action or a field, not a name ('Voir les coordonnées', 'Afficher', 'Contact', 'Fermer'). */
const NOT_A_NAME = /^(?:voir|afficher|plus|d[ée]tails?|en savoir|coordonn[ée]es|contact(?:er|s)?|fermer|ouvrir|show|view|more|details?|close|open|t[ée]l[ée]phone|e-?mail|fax)\b/iu;

/** Text written into markup as text. */
function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
