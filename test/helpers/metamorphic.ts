/**
 * Metamorphic mutations of a directory site (test/fixtures/directories format): changes to its
 * pages that a human reader would not notice, or would read the same way, after which the
 * extraction should find the same companies with the same contacts (scored against the same
 * expected.json). Used by test/scraping/metamorphic.test.ts and `npm run bench:extraction --
 * <set> --mutate <name>` / `npm run bench:metamorphic`.
 *
 * Every mutation is seeded and consistent across a site: the same original class string, tag and
 * class, or container shape is changed the same way on every page and every card, as a real
 * site's templates would be (a mutation that changed each card differently would break the
 * repetition a site really has).
 *
 * Mutations (each alone, or several in order, joined by '+'):
 *  - identity: pages parsed and written back unchanged (the control: must score as unmutated);
 *  - classes: every class list replaced by meaningless utility classes (Tailwind-like), every id by
 *    a token. Kept: ids of framework data scripts (`__NEXT_DATA__`...), microformat class words
 *    (vcard, fn, org, tel, h-card, p-name...: a published standard, not a site's naming),
 *    `adsbygoogle` (AdSense requires it) and icon-font classes (fa-phone, bi-telephone...: a
 *    library's names; the icon is what a reader sees). Ad class words (`sponsored`, `ad`) are NOT kept: a site
 *    with meaningless classes tells its ads by a visible badge ("Sponsorisé"), a data attribute
 *    or an ad network's markup, which stay.
 *  - hashed: CSS-modules names (`Card_title__x7Gh2`): each class word kept inside a hashed name.
 *  - tags: container tags swapped (div <-> section, repeated divs <-> article, repeated div children <-> ul/li,
 *    span <-> em/b/strong, h2/h3/h4 <-> another heading level or strong);
 *  - wrappers: extra wrapper divs around elements and around their content;
 *  - whitespace: indentation and whitespace runs changed (never inside pre, never removed
 *    between inline elements);
 *  - attrs: attribute order shuffled, quotes changed;
 *  - labels: field labels reworded (Tél / Tel. / Téléphone / N° de téléphone / Mobile / GSM /
 *    الهاتف..., Fax / Télécopie / الفاكس, E-mail / Courriel / Mail / البريد...), with or
 *    without a colon, moved into an element of their own or out of it;
 *  - phones: every number of expected.json (phones, faxes, the directory's) rewritten in another
 *    common writing (0X XX XX XX XX, 0XXXXXXXXX, +213 X XX.., +213 (0).., 00213.., dots,
 *    dashes, Arabic-Indic digits in visible text), in text, tel: links, data-* and JSON;
 *  - order: the fields of a card (its field rows, around its name) in another order, in the cards
 *    of a list only (a page's own blocks keep their order: a heading opens what follows it);
 *  - furniture: every HTML page gains a sidebar repeating three companies' names and phones and
 *    a footer with the directory's (new) phone and e-mail, added to directory_contacts.
 *  Shorthands: markup (classes+tags+wrappers+whitespace+attrs), text (labels+phones+order),
 *  all (everything).
 */
import iconv from 'iconv-lite';
import { decodePage } from '../../src/extraction/decode';
import type { CorpusSite, ExpectedCompany } from './directoryCorpus';
import fs from 'node:fs';
import path from 'node:path';

export const MUTATIONS = ['identity', 'classes', 'hashed', 'tags', 'wrappers', 'whitespace', 'attrs', 'labels', 'phones', 'order', 'furniture'] as const;
export type Mutation = (typeof MUTATIONS)[number];
export const SHORTHANDS: Record<string, Mutation[]> = {
  markup: ['classes', 'tags', 'wrappers', 'whitespace', 'attrs'],
  text: ['labels', 'phones', 'order'],
  all: ['classes', 'tags', 'wrappers', 'whitespace', 'attrs', 'labels', 'phones', 'order', 'furniture'],
};

/** 'classes+tags' or 'markup' -> the mutations, in the fixed order of MUTATIONS. */
export function parseMutations(spec: string): Mutation[] {
  const out = new Set<Mutation>();
  for (const part of spec.split(/[+,]/).map((s) => s.trim()).filter(Boolean)) {
    if (SHORTHANDS[part]) for (const m of SHORTHANDS[part]) out.add(m);
    else if ((MUTATIONS as readonly string[]).includes(part)) out.add(part as Mutation);
    else throw new Error(`unknown mutation '${part}' (one of ${[...MUTATIONS, ...Object.keys(SHORTHANDS)].join(', ')})`);
  }
  return MUTATIONS.filter((m) => out.has(m));
}

// ---------------------------------------------------------------- seeded randomness

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

class Rng {
  private state: number;
  constructor(seed: string | number) {
    this.state = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  token(n: number): string {
    const a = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    let s = '';
    for (let i = 0; i < n; i++) s += a[this.int(i === 0 ? 52 : a.length)];
    return s;
  }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [xs[i], xs[j]] = [xs[j], xs[i]];
    }
    return xs;
  }
}

// ---------------------------------------------------------------- a small, faithful HTML tree

interface Attr {
  name: string;
  /** Raw value as written (entities kept), undefined for a bare attribute. */
  value?: string;
  quote: string;
}
interface El {
  type: 'el';
  tag: string;
  attrs: Attr[];
  children: HNode[];
  selfClose: boolean;
  /** Whether the source closed it (serialized back the same way). */
  closed: boolean;
  parent?: El;
}
interface Text {
  type: 'text';
  text: string;
  /** Raw text of script/style/textarea/pre content, comments, doctype: kept as is unless a mutation knows it. */
  raw?: 'rawtext' | 'markup';
}
type HNode = El | Text;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr', 'param']);
const RAWTEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noscript']);
const BLOCK = new Set(['address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'ul', 'li', 'dd', 'dt', 'tr', 'td', 'th', 'tbody', 'thead', 'tfoot', 'summary', 'html', 'head', 'body', 'meta', 'link', 'script', 'style', 'title']);
/** Start tags that close an open element of these names (the common implied end tags). */
const CLOSES: Record<string, string[]> = {
  li: ['li'],
  dt: ['dt', 'dd'],
  dd: ['dt', 'dd'],
  tr: ['tr', 'td', 'th'],
  td: ['td', 'th'],
  th: ['td', 'th'],
  option: ['option'],
  p: ['p'],
};
const CLOSES_P = new Set(['address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'ul']);

function parseAttrs(raw: string): Attr[] {
  const out: Attr[] = [];
  let i = 0;
  const n = raw.length;
  while (i < n) {
    while (i < n && /[\s/]/.test(raw[i])) i++;
    if (i >= n) break;
    const s = i;
    while (i < n && !/[\s=>/]/.test(raw[i])) i++;
    const name = raw.slice(s, i);
    while (i < n && /\s/.test(raw[i])) i++;
    if (raw[i] !== '=') {
      if (name) out.push({ name, quote: '' });
      continue;
    }
    i++;
    while (i < n && /\s/.test(raw[i])) i++;
    const q = raw[i];
    if (q === '"' || q === "'") {
      const e = raw.indexOf(q, i + 1);
      const end = e === -1 ? n : e;
      out.push({ name, value: raw.slice(i + 1, end), quote: q });
      i = end + 1;
    } else {
      const s2 = i;
      while (i < n && !/\s/.test(raw[i])) i++;
      out.push({ name, value: raw.slice(s2, i), quote: '' });
    }
  }
  return out;
}

function parseTree(html: string): El {
  const root: El = { type: 'el', tag: '#root', attrs: [], children: [], selfClose: false, closed: false };
  const stack: El[] = [root];
  const top = () => stack[stack.length - 1];
  let i = 0;
  const n = html.length;
  const pushText = (text: string, raw?: Text['raw']) => {
    if (text) top().children.push({ type: 'text', text, raw });
  };
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      pushText(html.slice(i));
      break;
    }
    pushText(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const e = html.indexOf('-->', lt + 4);
      const end = e === -1 ? n : e + 3;
      pushText(html.slice(lt, end), 'markup');
      i = end;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const e = html.indexOf('>', lt);
      const end = e === -1 ? n : e + 1;
      pushText(html.slice(lt, end), 'markup');
      i = end;
      continue;
    }
    const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/.exec(html.slice(lt, lt + 64));
    if (!m) {
      pushText('<');
      i = lt + 1;
      continue;
    }
    // The tag's end: the first '>' outside quotes.
    let j = lt + m[0].length;
    let q = '';
    for (; j < n; j++) {
      const c = html[j];
      if (q) {
        if (c === q) q = '';
      } else if (c === '"' || c === "'") q = c;
      else if (c === '>') break;
    }
    const inner = html.slice(lt + m[0].length, j);
    i = j + 1;
    const tag = m[2];
    const lower = tag.toLowerCase();
    if (m[1]) {
      const k = stack.map((e) => e.tag.toLowerCase()).lastIndexOf(lower);
      if (k > 0) {
        stack[k].closed = true;
        stack.length = k;
      }
      continue;
    }
    const closes = CLOSES[lower] ?? [];
    for (let k = stack.length - 1; k > 0; k--) {
      const t = stack[k].tag.toLowerCase();
      if (closes.includes(t)) {
        stack.length = k;
        break;
      }
      if (['ul', 'ol', 'table', 'dl', 'div', 'section', 'article', 'tbody', 'thead', 'select', 'body'].includes(t)) break;
    }
    if (CLOSES_P.has(lower) && top().tag.toLowerCase() === 'p') stack.length -= 1;
    const selfClose = /\/\s*$/.test(inner);
    const el: El = { type: 'el', tag, attrs: parseAttrs(selfClose ? inner.replace(/\/\s*$/, '') : inner), children: [], selfClose, closed: false, parent: top() };
    top().children.push(el);
    if (VOID.has(lower) || selfClose) continue;
    if (RAWTEXT.has(lower) || lower === 'pre') {
      const close = new RegExp(`</${lower}\\s*>`, 'i');
      const rest = html.slice(i);
      const mm = close.exec(rest);
      const end = mm ? i + mm.index : n;
      if (end > i) el.children.push({ type: 'text', text: html.slice(i, end), raw: 'rawtext' });
      el.closed = !!mm;
      i = mm ? end + mm[0].length : n;
      continue;
    }
    stack.push(el);
  }
  return root;
}

function serialize(node: HNode): string {
  if (node.type === 'text') return node.text;
  const inner = node.children.map(serialize).join('');
  if (node.tag === '#root') return inner;
  const attrs = node.attrs.map((a) => (a.value === undefined ? ` ${a.name}` : ` ${a.name}=${a.quote}${a.value}${a.quote}`)).join('');
  const open = `<${node.tag}${attrs}${node.selfClose ? ' /' : ''}>`;
  if (VOID.has(node.tag.toLowerCase()) || node.selfClose) return open;
  return `${open}${inner}${node.closed ? `</${node.tag}>` : ''}`;
}

function* walk(el: El): Generator<El> {
  const stack: El[] = [el];
  while (stack.length > 0) {
    const e = stack.pop()!;
    yield e;
    for (let k = e.children.length - 1; k >= 0; k--) {
      const c = e.children[k];
      if (c.type === 'el') stack.push(c);
    }
  }
}

const attr = (el: El, name: string) => el.attrs.find((a) => a.name.toLowerCase() === name);
const lowerTag = (el: El) => el.tag.toLowerCase();
const elementChildren = (el: El) => el.children.filter((c): c is El => c.type === 'el');
const classOf = (el: El) => attr(el, 'class')?.value ?? '';
/** An element's component: its tag and first class word (a card and a featured card are one component, written alike). */
const keyOf = (el: El) => `${lowerTag(el)}.${classOf(el).trim().split(/\s+/)[0].replace(/\d+$/, '').replace(/[-_](?:odd|even|alt|alternate)$/i, '')}`;
function textOf(node: HNode): string {
  if (node.type === 'text') return node.raw === 'markup' ? '' : node.text;
  if (['script', 'style'].includes(lowerTag(node))) return '';
  return node.children.map(textOf).join('');
}
function setTag(el: El, tag: string) {
  el.tag = tag;
  if (!VOID.has(tag)) el.closed = true;
}
function inPre(el: El | undefined): boolean {
  for (let e = el; e; e = e.parent) if (['pre', 'textarea', 'script', 'style'].includes(lowerTag(e))) return true;
  return false;
}

// ---------------------------------------------------------------- the mutations

/** What a site's mutation knows: its seed, expected contacts, and maps shared by all its pages. */
interface SiteContext {
  rng: (what: string) => Rng;
  seed: string;
  /** National significant numbers of every number of expected.json, for finding them in pages. */
  numbers: Set<string>;
  companies: ExpectedCompany[];
  names: string[];
  memo: Map<string, unknown>;
  furniture?: { phone: string; email: string };
}

function memo<T>(ctx: SiteContext, key: string, make: () => T): T {
  if (!ctx.memo.has(key)) ctx.memo.set(key, make());
  return ctx.memo.get(key) as T;
}

const UTILITIES = ['flex', 'grid', 'block', 'inline-flex', 'items-center', 'justify-between', 'gap-2', 'gap-4', 'p-4', 'px-3', 'py-2', 'mt-2', 'mb-4', 'text-sm', 'text-lg', 'font-medium', 'text-gray-700', 'text-slate-900', 'bg-white', 'rounded-lg', 'shadow-sm', 'border', 'border-gray-200', 'w-full', 'md:w-1/3', 'lg:grid-cols-3', 'hover:bg-gray-50', 'leading-6', 'truncate', 'space-y-1', 'col-span-2', 'relative', 'overflow-hidden'];
/**
 * Class words kept by `classes` and `hashed`: microformats (a standard), AdSense's required class,
 * and icon-font classes (Font Awesome, Bootstrap Icons, Glyphicons, Dashicons, Material Icons...: a library's
 * names, the same on every site that shows that icon, and the icon is what a reader sees).
 */
const KEPT_CLASS_WORDS = new Set(['vcard', 'h-card', 'fn', 'n', 'org', 'tel', 'email', 'adr', 'type', 'value', 'url', 'street-address', 'locality', 'region', 'postal-code', 'country-name', 'p-name', 'p-org', 'p-tel', 'u-email', 'adsbygoogle']);
const KEPT_CLASS = (w: string) => KEPT_CLASS_WORDS.has(w) || /^(?:fa|fas|far|fab|fa-[\w-]+|bi|bi-[\w-]+|glyphicon(?:-[\w-]+)?|dashicons(?:-[\w-]+)?|icon-[\w-]+|ti-[\w-]+|la|la-[\w-]+|mdi|mdi-[\w-]+|material-icons(?:-[\w-]+)?|material-symbols-[\w-]+)$/.test(w);

function mutateClasses(root: El, ctx: SiteContext, hashed: boolean) {
  const rng = ctx.rng(hashed ? 'hashed' : 'classes');
  const classMap = memo(ctx, hashed ? 'hashed-map' : 'class-map', () => new Map<string, string>());
  const idMap = memo(ctx, hashed ? 'hashed-ids' : 'id-map', () => new Map<string, string>());
  const wordMap = memo(ctx, hashed ? 'hashed-words' : 'utility-words', () => new Map<string, string>());
  // Class words the page's own stylesheets style (`.x12{left:…}`, `.nom{font-weight:700}`): what
  // they do is seen, so they are renamed in the stylesheet too, as a build renames both (a CSS
  // module's hashed name; on a utility site, a generated class of their own beside the utilities,
  // as CSS-in-JS writes it), and never dropped as per-entry or zebra words.
  const styleTexts: Text[] = [];
  for (const el of walk(root)) if (lowerTag(el) === 'style') for (const c of el.children) if (c.type === 'text') styleTexts.push(c);
  const styled = new Set<string>();
  for (const t of styleTexts) for (const m of t.text.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)) if (!KEPT_CLASS(m[1])) styled.add(m[1]);
  const styledNames = memo(ctx, hashed ? 'hashed-styled' : 'utility-styled', () => new Map<string, string>());
  const styledName = (w: string) => {
    if (!styledNames.has(w)) styledNames.set(w, hashed ? hashedWord(w) : `css-${rng.token(6).toLowerCase()}`);
    return styledNames.get(w)!;
  };
  const hashedWord = (w: string) => {
    if (!wordMap.has(w)) wordMap.set(w, `${rng.pick(['Card', 'Listing', 'Item', 'Layout', 'Box', 'Row', 'Result'])}_${w.replace(/[-_](\w)/g, (_, c: string) => c.toUpperCase())}__${rng.token(5)}`);
    return wordMap.get(w)!;
  };
  const mapClass = (value: string) => {
    // A template writes one class list for all its entries: per-entry words ('listing-200', 'row0')
    // have no utility or module class of their own, nor zebra words ('odd') a utility.
    // A zebra variant ('row-alternate') is a base class and a modifier ('row' + 'alternate'), as
    // a module would write it; a utility site writes it with odd:/even: variants, no class at all.
    const k = value
      .trim()
      .split(/\s+/)
      .flatMap((w) => {
        const m = styled.has(w) ? null : /^(.+?)[-_](odd|even|alt|alternate)$/i.exec(w);
        return m ? [m[1], m[2]] : [w];
      })
      .filter((w) => styled.has(w) || (!/^\D*\d+$/.test(w) && (hashed || !/^(?:odd|even|first|last|alt|alternate)$/i.test(w))))
      .join(' ');
    if (!classMap.has(k)) {
      const words = k.split(/\s+/).filter(Boolean);
      let out: string[];
      if (hashed) {
        out = words.map((w) => (KEPT_CLASS(w) ? w : styled.has(w) ? styledName(w) : hashedWord(w)));
      } else {
        // Word by word, as a utility-first site writes a component: its base utilities, then
        // those of each variant ('card featured': the card's, then a border colour).
        out = [];
        for (const w of words) {
          if (KEPT_CLASS(w)) out.push(w);
          else {
            if (!wordMap.has(w)) wordMap.set(w, Array.from({ length: 1 + rng.int(3) }, () => rng.pick(UTILITIES)).join(' '));
            out.push(...wordMap.get(w)!.split(' '));
            if (styled.has(w)) out.push(styledName(w));
          }
        }
        out = [...new Set(out)];
      }
      classMap.set(k, out.join(' '));
    }
    return classMap.get(k)!;
  };
  const ids = new Map<string, string>();
  for (const el of walk(root)) {
    const c = attr(el, 'class');
    if (c?.value !== undefined && c.value.trim()) {
      c.value = mapClass(c.value);
      if (!c.quote) c.quote = '"';
    }
    const id = attr(el, 'id');
    if (id?.value && !id.value.startsWith('__') && lowerTag(el) !== 'script') {
      if (!idMap.has(id.value)) idMap.set(id.value, hashed ? `${id.value.replace(/\W/g, '')}-${rng.token(4)}` : `${rng.pick(['r', 'k', 'u'])}${rng.token(6)}`);
      ids.set(id.value, idMap.get(id.value)!);
      id.value = idMap.get(id.value)!;
      if (!id.quote) id.quote = '"';
    }
  }
  // The stylesheets follow the styled words.
  for (const t of styleTexts) t.text = t.text.replace(/\.(-?[A-Za-z_][\w-]*)/g, (m, w: string) => (styledNames.has(w) ? `.${styledNames.get(w)}` : m));
  // In-page references follow (href="#id", for=, aria-labelledby=).
  for (const el of walk(root)) {
    for (const a of el.attrs) {
      if (a.value === undefined) continue;
      const n = a.name.toLowerCase();
      if (n === 'href' && a.value.startsWith('#') && ids.has(a.value.slice(1))) a.value = `#${ids.get(a.value.slice(1))}`;
      if (['for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'list', 'form'].includes(n) && ids.has(a.value)) a.value = ids.get(a.value)!;
    }
  }
}

function mutateTags(root: El, ctx: SiteContext) {
  const rng = ctx.rng('tags');
  const choice = memo(ctx, 'tag-map', () => new Map<string, string>());
  const decide = (key: string, options: string[]) => {
    if (!choice.has(key)) choice.set(key, rng.pick(options));
    return choice.get(key)!;
  };
  const all = [...walk(root)];
  // Containers of two or more div children of one shape become ul/li, and ul/li become div/div (the same for every such container).
  for (const el of all) {
    const tag = lowerTag(el);
    const kids = elementChildren(el);
    if (tag === 'div' && kids.length >= 2 && kids.every((k) => lowerTag(k) === 'div' && keyOf(k) === keyOf(kids[0])) && !inPre(el)) {
      if (decide(`list:${keyOf(el)}:${keyOf(kids[0])}`, ['list', 'keep']) === 'list') {
        setTag(el, 'ul');
        for (const k of kids) setTag(k, 'li');
        // Text between items (whitespace) stays; anything else would be invalid in a ul, and there is none (every child is a div).
      }
    } else if ((tag === 'ul' || tag === 'ol') && kids.length >= 2 && kids.every((k) => lowerTag(k) === 'li')) {
      if (decide(`unlist:${keyOf(el)}`, ['div', 'keep', 'keep']) === 'div') {
        setTag(el, 'div');
        for (const k of kids) setTag(k, 'div');
      }
    }
  }
  // A container of that shape holding a single item (a commune's one agency) is written by the same
  // template: it changes the same way (decided above by its fuller siblings, on this page or before).
  for (const el of all) {
    const tag = lowerTag(el);
    const kids = elementChildren(el);
    if (kids.length !== 1 || inPre(el)) continue;
    if (tag === 'div' && lowerTag(kids[0]) === 'div' && choice.get(`list:${keyOf(el)}:${keyOf(kids[0])}`) === 'list') {
      setTag(el, 'ul');
      setTag(kids[0], 'li');
    } else if ((tag === 'ul' || tag === 'ol') && lowerTag(kids[0]) === 'li' && choice.get(`unlist:${keyOf(el)}`) === 'div') {
      setTag(el, 'div');
      setTag(kids[0], 'div');
    }
  }
  const repeatedKeys = new Set(all.filter((el) => el.parent && lowerTag(el) === 'div' && el.parent.children.some((c) => c !== el && c.type === 'el' && keyOf(c) === keyOf(el))).map(keyOf));
  for (const el of all) {
    const tag = lowerTag(el);
    if (tag === 'div' && el.parent && !['ul', 'ol', 'table', 'tr', 'tbody', 'thead', 'select', 'dl'].includes(lowerTag(el.parent)) && !elementChildren(el).some((k) => lowerTag(k) === 'li')) {
      // An article is an entry (a self-contained item): only blocks repeated beside their like may become one;
      // a block of that shape alone in its container (a group's one entry) is written by the same template.
      const repeated = repeatedKeys.has(keyOf(el)) || choice.has(`div:${keyOf(el)}:true`);
      setTag(el, decide(`div:${keyOf(el)}:${repeated}`, repeated ? ['div', 'section', 'article'] : ['div', 'section']));
    } else if (tag === 'section' || tag === 'article') setTag(el, decide(`sec:${keyOf(el)}`, ['div', tag]));
    else if (tag === 'span' && !inPre(el)) setTag(el, decide(`span:${keyOf(el)}`, ['span', 'span', 'em', 'b', 'strong']));
    else if (tag === 'b' || tag === 'strong' || tag === 'em') setTag(el, decide(`bold:${keyOf(el)}`, tag === 'em' ? ['em', 'span', 'i'] : ['b', 'strong']));
    else if (['h2', 'h3', 'h4'].includes(tag)) {
      const level = Number(tag[1]);
      setTag(el, decide(`h:${keyOf(el)}`, [`h${level - 1 < 2 ? 2 : level - 1}`, `h${level + 1}`, tag, 'strong']));
    }
  }
}

const NO_WRAP = new Set(['html', 'head', 'body', 'li', 'tr', 'td', 'th', 'tbody', 'thead', 'tfoot', 'dt', 'dd', 'option', 'summary', 'script', 'style', 'meta', 'link', 'title', 'br', 'hr', 'img', 'input', 'caption', 'colgroup', 'col', 'source', 'noscript', 'template', 'svg', 'path', 'a', 'span', 'b', 'strong', 'em', 'i', 'small', 'label', '#root']);

function mutateWrappers(root: El, ctx: SiteContext) {
  const rng = ctx.rng('wrappers');
  const choice = memo(ctx, 'wrap-map', () => new Map<string, string>());
  for (const el of [...walk(root)]) {
    const tag = lowerTag(el);
    if (NO_WRAP.has(tag) || !el.parent || inPre(el) || ['ul', 'ol', 'table', 'tr', 'tbody', 'thead', 'select', 'dl', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'span', 'label', 'button', 'summary'].includes(lowerTag(el.parent))) continue;
    const key = keyOf(el);
    if (!choice.has(key)) choice.set(key, rng.pick(['none', 'none', 'outer', 'inner', 'both']));
    const how = choice.get(key)!;
    const wrapperClass = `w-${hashString(`${ctx.seed}:${key}`).toString(36).slice(0, 5)}`;
    if ((how === 'inner' || how === 'both') && !VOID.has(tag) && !el.selfClose && el.children.length > 0 && !['ul', 'ol', 'table', 'dl', 'select', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'details', 'button', 'a'].includes(tag)) {
      const inner: El = { type: 'el', tag: 'div', attrs: [{ name: 'class', value: `${wrapperClass}i`, quote: '"' }], children: el.children, selfClose: false, closed: true, parent: el };
      for (const c of inner.children) if (c.type === 'el') c.parent = inner;
      el.children = [inner];
    }
    if (how === 'outer' || how === 'both') {
      const parent = el.parent;
      const outer: El = { type: 'el', tag: 'div', attrs: [{ name: 'class', value: wrapperClass, quote: '"' }], children: [el], selfClose: false, closed: true, parent };
      parent.children[parent.children.indexOf(el)] = outer;
      el.parent = outer;
    }
  }
}

function mutateWhitespace(root: El, ctx: SiteContext) {
  const rng = ctx.rng('whitespace');
  const indents = ['\n', '\n  ', '\n\t\t', ' ', '\n\n    ', '\r\n '];
  for (const el of [...walk(root)]) {
    if (inPre(el)) continue;
    const out: HNode[] = [];
    el.children.forEach((c, k) => {
      const prev = el.children[k - 1];
      const blocky = (n: HNode | undefined) => n?.type === 'el' && BLOCK.has(lowerTag(n));
      if (c.type === 'text' && !c.raw) {
        if (/^\s+$/.test(c.text)) {
          // Whitespace between tags: another run (never removed: between inline elements it is a visible space).
          out.push({ type: 'text', text: rng.pick(indents) });
          return;
        }
        // Inside text, a space becomes a line break and indentation now and then.
        out.push({ type: 'text', text: c.text.replace(/ +/g, (s) => (rng.chance(0.25) ? rng.pick(['\n      ', '  ', '\t ']) : s)) });
        return;
      }
      // Between two block elements, indentation where there was none.
      if (c.type === 'el' && blocky(c) && blocky(prev)) out.push({ type: 'text', text: rng.pick(indents) });
      out.push(c);
    });
    el.children = out;
  }
}

function mutateAttrs(root: El, ctx: SiteContext) {
  const rng = ctx.rng('attrs');
  for (const el of walk(root)) {
    if (el.attrs.length > 1) rng.shuffle(el.attrs);
    for (const a of el.attrs) {
      if (a.value === undefined) continue;
      if (a.quote === '"' && !a.value.includes("'") && rng.chance(0.3)) a.quote = "'";
      else if (a.quote === "'" && !a.value.includes('"') && rng.chance(0.5)) a.quote = '"';
    }
  }
}

// ---- labels

const PHONE_LABELS = ['Tél', 'Tél.', 'Tel.', 'Tel', 'Téléphone', 'Tél. fixe', 'N° de téléphone', 'Phone', 'Mobile', 'Portable', 'Cell', 'GSM', 'الهاتف'];
const FAX_LABELS = ['Fax', 'Télécopie', 'Fax.', 'Télécopieur', 'الفاكس'];
const EMAIL_LABELS = ['Email', 'E-mail', 'Courriel', 'Mail', 'Adresse e-mail', 'البريد', 'Mél'];
/** Label words found in pages, longest first (each a class: phone, fax, email). */
const LABEL_SOURCE: [string, 'phone' | 'fax' | 'email'][] = [
  ["N° de téléphone", 'phone'], ['Numéro de téléphone', 'phone'], ['Téléphone fixe', 'phone'], ['Tél. fixe', 'phone'], ['Téléphone', 'phone'], ['Telephone', 'phone'], ['Tél.', 'phone'], ['Tél', 'phone'], ['Tel.', 'phone'], ['Tel', 'phone'], ['Phone', 'phone'], ['Mobile', 'phone'], ['Portable', 'phone'], ['GSM', 'phone'], ['Cell', 'phone'], ['الهاتف', 'phone'], ['هاتف', 'phone'], ['Mob.', 'phone'],
  ['Télécopieur', 'fax'], ['Télécopie', 'fax'], ['Telecopie', 'fax'], ['Fax.', 'fax'], ['Fax', 'fax'], ['الفاكس', 'fax'], ['فاكس', 'fax'],
  ['Adresse e-mail', 'email'], ['E-mail', 'email'], ['Email', 'email'], ['Courriel', 'email'], ['Mail', 'email'], ['Mél', 'email'], ['البريد الإلكتروني', 'email'], ['البريد', 'email'],
];
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LABEL_RE = new RegExp(`(?<![\\p{L}\\p{N}/])(${LABEL_SOURCE.map(([l]) => escapeRe(l)).join('|')})(?![\\p{L}\\p{N}/-])([ \\t\\u00a0]*[:：]?[ \\t\\u00a0]*)(?=$|[+(0-9\\u0660-\\u0669\\u06f0-\\u06f9]|[^\\s@<]+@)`, 'giu');
const LABEL_CLASS = new Map(LABEL_SOURCE.map(([l, c]) => [l.toLowerCase(), c]));

function newLabel(rng: Rng, cls: 'phone' | 'fax' | 'email', original: string): string {
  const label = rng.pick(cls === 'phone' ? PHONE_LABELS : cls === 'fax' ? FAX_LABELS : EMAIL_LABELS);
  void original;
  return label;
}

function relabel(text: string, rng: Rng, wholeOnly: boolean): { text: string; changed: boolean; labelEnd?: number } {
  let changed = false;
  let labelEnd: number | undefined;
  const out = text.replace(LABEL_RE, (m, label: string, sep: string, offset: number) => {
    const rest = text.slice(offset + m.length);
    if (wholeOnly && rest.trim() !== '') return m;
    // A label opens its text or follows a separator or a number ('… 12 30 – Fax : …'), never ends a name ('Le Comptoir du Portable').
    if (!/(?:^|[–—|·,;)0-9\u0660-\u0669\u06f0-\u06f9/])\s*$/u.test(text.slice(0, offset))) return m;
    const cls = LABEL_CLASS.get(label.toLowerCase());
    if (!cls) return m;
    changed = true;
    const colon = rng.pick([' :', ':', '', ' : ']);
    const space = rest.length > 0 || sep.endsWith(' ') ? ' ' : '';
    const replacement = `${newLabel(rng, cls, label)}${colon}${colon.endsWith(' ') ? '' : space}`;
    if (offset === 0 || text.slice(0, offset).trim() === '') labelEnd = replacement.length + offset;
    return replacement;
  });
  return { text: out, changed, labelEnd };
}

function mutateLabels(root: El, ctx: SiteContext) {
  const rng = ctx.rng('labels');
  const INLINE_LABEL = new Set(['span', 'strong', 'b', 'em', 'label', 'small', 'i']);
  for (const el of [...walk(root)]) {
    if (['script', 'style', 'title', 'textarea', 'noscript'].includes(lowerTag(el))) continue;
    // Hidden text is no reader's (an hCard's machine-read type 'fax' stays as written).
    if (/display:\s*none/i.test(attr(el, 'style')?.value ?? '') || attr(el, 'hidden')) continue;
    const pre = lowerTag(el) === 'pre';
    const out: HNode[] = [];
    for (const c of el.children) {
      if (c.type !== 'text' || (c.raw && !(pre && c.raw === 'rawtext'))) {
        out.push(c);
        continue;
      }
      const { text, changed, labelEnd } = relabel(c.text, rng, false);
      // A label leading a text node with its value: now and then put in an element of its own.
      if (changed && !pre && labelEnd !== undefined && labelEnd < text.length && text.slice(labelEnd).trim() && rng.chance(0.4) && !['a', 'button', 'option', 'td', 'th'].includes(lowerTag(el)) || (changed && !pre && labelEnd !== undefined && labelEnd < text.length && ['td', 'th', 'li', 'p', 'div', 'dd'].includes(lowerTag(el)) && rng.chance(0.4))) {
        const tag = rng.pick(['span', 'strong', 'b', 'label']);
        const label: El = { type: 'el', tag, attrs: [], children: [{ type: 'text', text: text.slice(0, labelEnd).trimEnd() }], selfClose: false, closed: true, parent: el };
        out.push(label, { type: 'text', text: ` ${text.slice(labelEnd).trimStart()}` });
      } else out.push({ type: 'text', text });
    }
    el.children = out;
    // An element that is only a label: now and then, its text without the element.
    if (INLINE_LABEL.has(lowerTag(el)) && el.children.length === 1 && el.children[0].type === 'text' && el.attrs.length === 0 && el.parent && rng.chance(0.3)) {
      const t = el.children[0].text;
      if (new RegExp(`^\\s*(?:${LABEL_SOURCE.map(([l]) => escapeRe(l)).join('|')})`, 'iu').test(t) && t.trim().length < 30) {
        const parent = el.parent;
        parent.children[parent.children.indexOf(el)] = { type: 'text', text: `${t.trimEnd()} ` };
      }
    }
  }
}

// ---- phones

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const toAscii = (s: string) => s.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x6f0));

function nsnOf(e164: string): string | undefined {
  return e164.startsWith('+213') ? e164.slice(4) : undefined;
}

function groups(nsn: string): string[] {
  return nsn.length === 9 ? [nsn.slice(0, 3), nsn.slice(3, 5), nsn.slice(5, 7), nsn.slice(7)] : [nsn.slice(0, 2), nsn.slice(2, 4), nsn.slice(4, 6), nsn.slice(6)];
}

/** A number written in one of the common ways; `where` limits the ways to what a tel: link or JSON value would hold. */
export function writePhone(nsn: string, rng: Rng, where: 'text' | 'href' | 'value'): string {
  const g = groups(nsn);
  const styles =
    where === 'href'
      ? [`0${nsn}`, `+213${nsn}`, `00213${nsn}`, `+213-${g.join('-')}`]
      : [`0${nsn}`, `0${g.join(' ')}`, `0${g.join('.')}`, `0${g.join('-')}`, `+213 ${g.join(' ')}`, `+213 (0) ${g.join(' ')}`, `00213 ${g.join(' ')}`, `+213${nsn}`, ...(nsn.length === 9 ? [`0${nsn[0]} ${nsn.slice(1, 3)} ${nsn.slice(3, 5)} ${nsn.slice(5, 7)} ${nsn.slice(7)}`] : []), ...(where === 'text' ? ['arabic'] : [])];
  const s = rng.pick(styles);
  if (s === 'arabic') return `0${g.join(' ')}`.replace(/[0-9]/g, (d) => ARABIC_INDIC[Number(d)]);
  return s;
}

/** Every known number in `s` (as digits separated by spaces, dots, dashes, a '+', '(0)'), rewritten. */
export function rewritePhones(s: string, numbers: Set<string>, rng: Rng, where: 'text' | 'href' | 'value'): string {
  const a = toAscii(s);
  let out = '';
  let last = 0;
  let i = 0;
  const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
  while (i < a.length) {
    const c = a[i];
    if (!(isDigit(c) || c === '+' || c === '(') || isDigit(a[i - 1])) {
      i++;
      continue;
    }
    let digits = '';
    let best = -1;
    let bestNsn = '';
    for (let j = i; j < a.length && digits.length <= 16; j++) {
      const d = a[j];
      if (isDigit(d)) {
        digits += d;
        if (!isDigit(a[j + 1])) {
          let x = digits;
          if (a[i] === '+' && x.startsWith('213')) x = x.slice(3);
          else if (x.startsWith('00213')) x = x.slice(5);
          if (x.startsWith('0')) x = x.slice(1);
          if (numbers.has(x) && (x.length === digits.length - 1 || x.length === digits.length - 3 || x.length === digits.length - 4 || x.length === digits.length - 5 || x.length === digits.length)) {
            best = j + 1;
            bestNsn = x;
          }
        }
      } else if (!(d === ' ' || d === '.' || d === '-' || d === '\u00a0' || d === '(' || d === ')' || (d === '+' && j === i))) break;
      else if ((d === ' ' || d === '.' || d === '-') && (a[j + 1] === ' ' || a[j + 1] === '.' || a[j + 1] === '-')) break;
    }
    if (best > 0) {
      out += s.slice(last, i) + writePhone(bestNsn, rng, where);
      last = best;
      i = best;
    } else i++;
  }
  return out + s.slice(last);
}

function mutatePhones(root: El, ctx: SiteContext) {
  const rng = ctx.rng('phones');
  for (const el of [...walk(root)]) {
    for (const a of el.attrs) {
      if (a.value === undefined) continue;
      const n = a.name.toLowerCase();
      if (n === 'href' && /^tel:/i.test(a.value)) a.value = `tel:${rewritePhones(a.value.slice(4), ctx.numbers, rng, 'href')}`;
      else if ((n.startsWith('data-') || n === 'content' || n === 'value') && /\d/.test(a.value)) a.value = rewritePhones(a.value, ctx.numbers, rng, 'value');
    }
    const tag = lowerTag(el);
    for (const c of el.children) {
      if (c.type !== 'text' || c.raw === 'markup') continue;
      if (c.raw === 'rawtext' && !['pre', 'script'].includes(tag)) continue;
      // In scripts (JSON, JS literals), only the writings a data value would hold.
      c.text = rewritePhones(c.text, ctx.numbers, rng, tag === 'script' ? 'value' : 'text');
    }
  }
}

// ---- field order

function mutateOrder(root: El, ctx: SiteContext) {
  const rng = ctx.rng('order');
  const perms = memo(ctx, 'order-map', () => new Map<string, number[]>());
  const names = ctx.names.map((n) => n.toLowerCase());
  const isField = (c: El) => {
    const t = toAscii(textOf(c)).toLowerCase();
    if (!t.trim() || ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'script', 'style', 'a', 'img'].includes(lowerTag(c))) return false;
    if (names.some((n) => t.includes(n))) return false;
    for (const e of walk(c)) if (/^h[1-6]$/.test(lowerTag(e))) return false;
    return /\d{2}/.test(t) || t.includes('@') || [...walk(c)].some((e) => e.attrs.some((a) => a.name.toLowerCase().startsWith('data-') || /^(tel|mailto):/i.test(a.value ?? '')));
  };
  for (const el of [...walk(root)]) {
    if (['table', 'tbody', 'thead', 'tr', 'ul', 'ol', 'select', 'head', 'html', 'body', 'dl', '#root', 'pre', 'main'].includes(lowerTag(el))) continue;
    // A card: one of several blocks alike (an entry of a list), or a block inside one.
    let card = false;
    for (let e: El | undefined = el; e && !card; e = e.parent) card = !!e.parent && e.parent.children.some((c) => c !== e && c.type === 'el' && keyOf(c) === keyOf(e) && elementChildren(c).length >= 2);
    if (!card) continue;
    const kids = elementChildren(el);
    if (kids.length < 3 || kids.length > 12) continue;
    const slots = kids.map((k, i) => (isField(k) ? i : -1)).filter((i) => i >= 0);
    // A card: two to six field rows beside something else (its name).
    if (slots.length < 2 || slots.length > 6 || slots.length === kids.length) continue;
    const key = `${keyOf(el)}:${kids.map((k) => lowerTag(k)).join(',')}`;
    if (!perms.has(key)) perms.set(key, rng.shuffle(slots.map((_, i) => i)));
    const perm = perms.get(key)!;
    if (perm.length !== slots.length) continue;
    const moved = slots.map((_, i) => kids[slots[perm[i]]]);
    const positions = slots.map((s) => el.children.indexOf(kids[s]));
    positions.forEach((p, i) => (el.children[p] = moved[i]));
  }
}

// ---- furniture

function mutateFurniture(root: El, ctx: SiteContext) {
  const rng = ctx.rng('furniture');
  const body = [...walk(root)].find((e) => lowerTag(e) === 'body');
  if (!body) return;
  const f = ctx.furniture!;
  const featured = ctx.companies.filter((c) => c.phones.length > 0).slice(0, 3);
  const cls = () => `${rng.pick(UTILITIES)} ${rng.pick(UTILITIES)}`;
  // The same furniture on every page of the site (one template): its heading, place and footer tag chosen once.
  const look = memo(ctx, 'furniture-look', () => ({
    heading: rng.pick(['h3', 'h4', 'div']),
    title: rng.pick(['À la une', 'Entreprises à la une', 'Les plus consultées', 'Nos partenaires']),
    first: rng.chance(0.5),
    footerTag: rng.pick(['footer', 'div']),
  }));
  const side = featured.map((c) => `<li class="${cls()}"><a href="#">${c.name}</a><br><span>${writePhone(nsnOf(c.phones[0])!, rng, 'text')}</span></li>`).join('\n');
  const sidebar = parseTree(`<div class="${cls()}"><${look.heading} class="${cls()}">${look.title}</${look.heading}><ul class="${cls()}">\n${side}\n</ul></div>`).children[0] as El;
  const phone = writePhone(nsnOf(f.phone)!, rng, 'text');
  const footerTag = look.footerTag;
  const footer = parseTree(`<${footerTag} class="${cls()}"><p>© 2024 Annuaire — Contactez-nous : ${phone} · <a href="mailto:${f.email}">${f.email}</a></p></${footerTag}>`).children[0] as El;
  const main = [...walk(body)].find((e) => lowerTag(e) === 'main');
  const host = main ?? body;
  sidebar.parent = host;
  if (look.first) host.children.unshift(sidebar);
  else host.children.push(sidebar);
  footer.parent = body;
  body.children.push(footer);
}

// ---------------------------------------------------------------- pages and sites

const HTML_MUTATIONS: Record<Mutation, ((root: El, ctx: SiteContext) => void) | undefined> = {
  identity: undefined,
  classes: (r, c) => mutateClasses(r, c, false),
  hashed: (r, c) => mutateClasses(r, c, true),
  tags: mutateTags,
  wrappers: mutateWrappers,
  whitespace: mutateWhitespace,
  attrs: mutateAttrs,
  labels: mutateLabels,
  phones: mutatePhones,
  order: mutateOrder,
  furniture: mutateFurniture,
};

function mutateHtml(html: string, mutations: Mutation[], ctx: SiteContext, fragment: boolean): string {
  const root = parseTree(html);
  for (const m of mutations) {
    if (fragment && m === 'furniture') continue;
    HTML_MUTATIONS[m]?.(root, ctx);
  }
  return serialize(root);
}

function mutateJson(value: unknown, mutations: Mutation[], ctx: SiteContext): unknown {
  if (typeof value === 'string') {
    if (/<[a-zA-Z][^>]*>/.test(value)) return mutateHtml(value, mutations, ctx, true);
    return mutations.includes('phones') ? rewritePhones(value, ctx.numbers, ctx.rng('json-phones'), 'value') : value;
  }
  if (Array.isArray(value)) return value.map((v) => mutateJson(v, mutations, ctx));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mutateJson(v, mutations, ctx)]));
  return value;
}

/** Text back to bytes in the page's own encoding; characters it cannot hold become numeric references. */
function encode(text: string, encoding: string): Buffer {
  if (/^utf-?8$/i.test(encoding)) return Buffer.from(text, 'utf8');
  let out = '';
  for (const ch of text) {
    const b = iconv.encode(ch, encoding);
    out += ch !== '?' && b.length === 1 && b[0] === 0x3f ? `&#${ch.codePointAt(0)};` : ch;
  }
  return iconv.encode(out, encoding);
}

export interface MutatedSite {
  /** Route key -> body to serve instead of the file's. */
  bodies: Record<string, Buffer>;
  expected: CorpusSite['expected'];
}

/** A site's pages after `mutations`, seeded by `seed` (the same seed, the same pages). */
export function mutateSite(site: CorpusSite, mutations: Mutation[], seed: number): MutatedSite {
  const numbers = new Set<string>();
  for (const c of site.expected.companies) for (const p of [...c.phones, ...(c.faxes ?? [])]) if (nsnOf(p)) numbers.add(nsnOf(p)!);
  for (const d of site.expected.directory_contacts) if (nsnOf(d)) numbers.add(nsnOf(d)!);
  const s = `${seed}:${site.id}`;
  const ctx: SiteContext = {
    seed: s,
    rng: () => new Rng(0),
    numbers,
    companies: site.expected.companies,
    names: site.expected.companies.map((c) => c.name),
    memo: new Map(),
  };
  // One generator per mutation for the whole site, so maps and choices follow from page to page.
  const rngs = new Map<string, Rng>();
  ctx.rng = (what) => {
    if (!rngs.has(what)) rngs.set(what, new Rng(`${s}:${what}`));
    return rngs.get(what)!;
  };
  const expected = structuredClone(site.expected);
  if (mutations.includes('furniture')) {
    const r = new Rng(`${s}:furniture-contacts`);
    ctx.furniture = { phone: `+21321${String(100000 + r.int(899999))}`, email: `contact@annuaire-${r.token(5).toLowerCase()}.dz` };
    expected.directory_contacts = [...expected.directory_contacts, ctx.furniture.phone, ctx.furniture.email];
    numbers.add(nsnOf(ctx.furniture.phone)!);
  }
  const bodies: Record<string, Buffer> = {};
  for (const [key, r] of Object.entries(site.routes)) {
    if (key === '/robots.txt') continue;
    const type = (r.content_type ?? 'text/html').toLowerCase();
    const bytes = fs.readFileSync(path.join(site.dir, r.file));
    if (type.includes('json')) {
      const { text, encoding } = decodePage(bytes, r.content_type ?? 'application/json');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        continue;
      }
      bodies[key] = encode(JSON.stringify(mutateJson(parsed, mutations, ctx)), encoding);
    } else if (type.includes('html')) {
      const { text, encoding } = decodePage(bytes, r.content_type ?? 'text/html');
      bodies[key] = encode(mutateHtml(text, mutations, ctx, !/<body[\s>]/i.test(text)), encoding);
    }
  }
  return { bodies, expected };
}
