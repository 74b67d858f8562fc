/**
 * Fields written as labels in an entry's text rather than as markup: a company's name given
 * only after an explicit name label ('Raison sociale : X — Adresse : … — Tél : …'), icons
 * described by their alt / title / aria-label instead of a word ('<img alt="Fax">'), and bold
 * written as an inline style (or given to a class by the page's stylesheet, written into it). (Pictograms written as text, '📞 0550 …', '📠 025 …', are labels
 * of readNumbers in src/platform/contacts.ts.)
 *
 * Everything here reads text the directory controls: the text is bounded before it is looked
 * at, and every pattern is linear (no two unbounded quantifiers over shared characters).
 */
import type { HTMLElement } from 'node-html-parser';

/** Longest part of an entry's text searched for a name label. */
const MAX_TEXT = 4_000;
/** Longest name read after a label. */
const MAX_NAME = 150;

/**
 * The words that label a company's own name, one vocabulary for every reader of a name label (an
 * entry's text here, a label element and a name read with its label in parse.ts and extract.ts, a
 * table's company column in extract.ts): 'Raison sociale', 'Dénomination (sociale)', 'Nom de
 * l'entreprise', 'Nom de la société', 'Nom de l'établissement', 'Nom de l'organisme', 'Nom
 * commercial', 'Société', 'Entreprise', 'Établissement', 'Enseigne', 'Company name', 'Business
 * name', 'اسم الشركة', 'اسم المؤسسة'. A pattern's source, without anchors or flags: each reader adds
 * the words its place allows (a bare 'Nom' before a value in a label element, not in running text).
 */
export const COMPANY_NAME_LABEL = String.raw`raison sociale|d[ée]nomination(?: sociale)?|nom (?:de l['’](?:entreprise|[ée]tablissement|organisme)|de la soci[ée]t[ée]|commercial)|soci[ée]t[ée]|entreprise|[ée]tablissement|enseigne|company name|business name|اسم الشركة|اسم المؤسسة`;

/**
 * Labels that name the company itself (not a contact person, not an activity): those of
 * {@link COMPANY_NAME_LABEL}, and 'المؤسسة', 'الاسم'; a bare 'Nom' / 'Name' may be a person's and is
 * not one. Matched at the start of a line or after a field separator, before a colon.
 */
const NAME_LABEL = new RegExp(String.raw`(?:^|[\n·|;—–•]|\s[-–—]\s)[ \t\u00a0]{0,3}(?:${COMPANY_NAME_LABEL}|المؤسسة|الاسم)[ \t\u00a0]{0,3}[:：][ \t\u00a0]{0,3}`, 'giu');

/**
 * Where a field's value ends in a run-on line: a line break or a separator (' — ', ' – ', ' - ',
 * ' | ', ' · ', ' • ', ';').
 */
const VALUE_END = /\n|[ \t\u00a0][—–|·•-][ \t\u00a0]|;/u;

/**
 * The company name an entry's text gives after an explicit name label ('Raison sociale : X —
 * Adresse : …', 'Dénomination : X · Tél. : …', 'Société : X ; …'): the value up to the next
 * separator or line break. Undefined when the text has no such label or the value has
 * no letter. The first label wins.
 */
export function labelledNameInText(text: string): string | undefined {
  const bounded = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  NAME_LABEL.lastIndex = 0;
  for (let m = NAME_LABEL.exec(bounded); m !== null; m = NAME_LABEL.exec(bounded)) {
    const rest = bounded.slice(m.index + m[0].length, m.index + m[0].length + MAX_NAME * 2);
    const end = rest.search(VALUE_END);
    const value = (end === -1 ? rest : rest.slice(0, end)).replace(/\s+/g, ' ').replace(/[\s,.:–—-]+$/u, '').trim();
    if (value.length >= 2 && value.length <= MAX_NAME && /\p{L}/u.test(value)) return value;
  }
  return undefined;
}

/** Longest style attribute read for its font weight, and longest alt / title / aria-label read as a label. */
const MAX_STYLE = 500;
const MAX_ICON_TEXT = 30;

/** A bold font weight in a style attribute: bold, bolder, 600 to 900. */
const BOLD_STYLE = /font-weight[ \t]{0,5}:[ \t]{0,5}(?:bold|bolder|[6-9]00)\b/i;

/**
 * Whether an element is made bold by its inline style (`<span style="font-weight:bold">`,
 * `font-weight: 700`): bold text, as `<b>` is. Reads the raw attribute text first, so an element
 * without such a style is never parsed.
 */
export function isInlineBold(el: HTMLElement): boolean {
  const raw = el.rawAttrs;
  if (raw.length < 16 || !/font-weight/i.test(raw.length > MAX_STYLE * 2 ? raw.slice(0, MAX_STYLE * 2) : raw)) return false;
  const style = el.getAttribute('style') ?? el.getAttribute('STYLE') ?? '';
  return BOLD_STYLE.test(style.slice(0, MAX_STYLE));
}

/** Most stylesheet text read for bold classes, and longest rule body looked at. */
const MAX_CSS = 200_000;
const MAX_RULE = 2_000;
/** A class selector alone ('.TYR86d', '.c12'): the only selectors read. */
const CLASS_SELECTOR = /^\.([A-Za-z_][\w-]{0,63})$/;
/** A rule's font weight: bold ones, then the others. */
const WEIGHT = /font-weight[ \t]{0,5}:[ \t]{0,5}(bold|bolder|[6-9]00|normal|lighter|[1-5]00)\b/i;
/** What the stylesheet scan stops at: a brace, or a comment's start. */
const BRACES = /[{}]|\/\*/g;
/** Inline elements a stylesheet's class makes bold, as `<b>` is. */
const BOLD_CLASS_TAGS = new Set(['SPAN', 'FONT', 'A', 'EM', 'I', 'U', 'SMALL', 'LABEL']);

/**
 * Writes the bold a page's own stylesheet gives by class into the inline style of the inline
 * elements that carry it: site builders and published documents (Google Sites, Google Docs,
 * exported word-processor pages) set a name apart with `<span class="TYR86d">` and
 * `.TYR86d{font-weight:700}` in a `<style>`, never with `<b>`. Read as the browser does for the
 * simple case: rules whose selector is one class (or a list of them), the last rule of an
 * element's classes winning; an inline font weight is kept. One pass over the stylesheet text
 * (bounded, comments skipped) and one over the elements.
 */
export function applyStylesheetBold(styles: readonly HTMLElement[], elements: readonly HTMLElement[]): void {
  const weights = new Map<string, { bold: boolean; order: number }>();
  let budget = MAX_CSS;
  let order = 0;
  for (const style of styles) {
    if (budget <= 0) break;
    const css = style.rawText.slice(0, budget);
    budget -= css.length;
    // (Only a rule with a font weight counts: where the next one is written is looked up once, not per rule.)
    // (Lower-casing keeps every index unless a character grows, 'İ': then every rule is looked at.)
    const lower = css.toLowerCase();
    const exact = lower.length === css.length;
    let nextWeight = lower.indexOf('font-weight');
    if (nextWeight === -1) continue;
    let start = 0;
    let selector: string | undefined;
    // (The scan jumps from brace to brace and over comments.)
    BRACES.lastIndex = 0;
    for (let m = BRACES.exec(css); m !== null; m = BRACES.exec(css)) {
      const i = m.index;
      if (m[0] === '/*') {
        // A comment: skipped whole.
        const end = css.indexOf('*/', i + 2);
        if (end === -1) break;
        BRACES.lastIndex = end + 2;
        start = end + 2;
        continue;
      }
      if (m[0] === '{') {
        selector = css.slice(start, i);
        start = i + 1;
        continue;
      }
      if (selector !== undefined) {
        if (exact && nextWeight !== -1 && nextWeight < start) nextWeight = lower.indexOf('font-weight', start);
        if (!exact || (nextWeight !== -1 && nextWeight < i)) {
          const w = WEIGHT.exec(css.slice(start, Math.min(i, start + MAX_RULE)));
          if (w) {
            const bold = /^(?:bold|bolder|[6-9]00)$/i.test(w[1]);
            for (const part of selector.split(',')) {
              const cls = CLASS_SELECTOR.exec(part.trim());
              if (cls) weights.set(cls[1], { bold, order: order++ });
            }
          }
        }
      }
      selector = undefined;
      start = i + 1;
    }
  }
  if (![...weights.values()].some((w) => w.bold)) return;
  for (const el of elements) {
    if (el.classList.length === 0 || !BOLD_CLASS_TAGS.has(el.tagName)) continue;
    let last: { bold: boolean; order: number } | undefined;
    for (const w of el.classList.values()) {
      const weight = weights.get(w);
      if (weight && (!last || weight.order > last.order)) last = weight;
    }
    if (!last?.bold) continue;
    const style = el.getAttribute('style') ?? '';
    if (/font-weight/i.test(style.slice(0, MAX_STYLE))) continue;
    const kept = style.trimEnd();
    el.setAttribute('style', kept === '' ? 'font-weight:700' : `${kept.endsWith(';') ? kept.slice(0, -1) : kept};font-weight:700`);
  }
}

/** A label word written as an icon's alt, title or aria-label: 'Fax', 'Tél.', 'Téléphone', 'Mobile', 'E-mail'. */
const ICON_WORD = /^(?:(t[ée]l[ée]?(?:phone)?|tel|phone|mobile|portable|gsm|whatsapp|هاتف|الهاتف|جوال|نقال)|(fax|t[ée]l[ée]copie|فاكس|الفاكس)|(e-?mail|courriel|mail|البريد))\.?[ \u00a0]?:?$/iu;

/**
 * The label an empty element stands for by the words a reader is given instead of a picture:
 * an `<img alt="Fax">` (or its title), an empty `<i>` / `<span>` with `title="Téléphone"` or
 * `aria-label="E-mail"`: 'Fax :', 'Tél :' or 'E-mail :', read as the label of what follows it.
 * Undefined for any other element (an image of a logo, an icon with text of its own).
 */
export function describedIconLabel(el: HTMLElement): string | undefined {
  for (const attr of describingAttrs(el)) {
    const text = (el.getAttribute(attr) ?? '').trim();
    if (text === '' || text.length > MAX_ICON_TEXT) continue;
    const m = ICON_WORD.exec(text);
    if (m) return m[2] ? 'Fax :' : m[3] ? 'E-mail :' : 'Tél :';
  }
  return undefined;
}

/**
 * The attributes that describe an element in words when it shows none: an image's alt, title and
 * aria-label, an empty `<i>` / `<span>` / `<em>` icon's title and aria-label; none for any other
 * element, nor one without such an attribute (its raw text read first, so most are never parsed).
 */
function describingAttrs(el: HTMLElement): readonly string[] {
  const raw = el.rawAttrs;
  if (raw === '' || !/alt|title|aria-label/i.test(raw.length > MAX_STYLE * 2 ? raw.slice(0, MAX_STYLE * 2) : raw)) return [];
  const tag = el.tagName;
  if (tag === 'IMG') return IMAGE_ATTRS;
  if (!['I', 'SPAN', 'EM'].includes(tag) || el.childNodes.some((c) => c.nodeType === 1 || c.text.trim() !== '')) return [];
  return ICON_ATTRS;
}
const IMAGE_ATTRS = ['alt', 'title', 'aria-label'];
const ICON_ATTRS = ['title', 'aria-label'];

/** A phone number as a picture's alt or title writes it: digits and the separators numbers are written with, 6 to 15 digits. */
const NUMBER_TEXT = /^(?:\+|00)?[\d \u00a0.()/-]{6,28}$/u;
/** An e-mail address, alone. */
const EMAIL_TEXT = /^[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}$/u;
/** Longest alt or title read as a number or an e-mail. */
const MAX_VALUE_TEXT = 100;

/**
 * What a picture stands for when it shows a number or an e-mail (a directory that draws each
 * number as an image, `tel_img.php?k=…`, against scrapers and for looks): the text its alt gives
 * (`<img alt="0770 23 57 90">`), else its title tooltip, after the label its alt names when it
 * names one (`<img alt="Mobile" title="0770 23 57 90">`: 'Tél : 0770 23 57 90'; an envelope icon
 * with `title="x@y.dz"`), the way a screen reader reads it; an empty icon's title or aria-label
 * likewise. Only a value that is a whole number or a whole e-mail is read (a year, a caption or a
 * logo's name is not text of the entry); otherwise the label alone, as {@link describedIconLabel}.
 */
export function describedIconText(el: HTMLElement): string | undefined {
  const attrs = describingAttrs(el);
  if (attrs.length === 0) return undefined;
  const label = describedIconLabel(el);
  for (const attr of attrs) {
    const value = el.getAttribute(attr) ?? '';
    if (value.length > MAX_VALUE_TEXT * 2) continue;
    const text = value.replace(/\s+/g, ' ').trim();
    if (text === '' || text.length > MAX_VALUE_TEXT) continue;
    const digits = text.replace(/\D/g, '').length;
    if ((NUMBER_TEXT.test(text) && digits >= 6 && digits <= 15) || EMAIL_TEXT.test(text)) return label !== undefined ? `${label} ${text}` : text;
  }
  return label;
}

/**
 * What a toggle that shows an entry's own part says ('Coordonnées', 'Voir les contacts', 'Plus
 * d'infos', 'Coordonnées et horaires', 'À propos et contact'): no name. A noun ends its word ('Informatique Services X' is
 * a name) and what follows it is lower case ('Contact Sécurité SARL', 'Détails Déco' are names).
 */
const DISCLOSURE_NOUN = /^(?:coordonn[ée]es|contacts?|infos?|informations?|d[ée]tails?|horaires|adresses?)(?![\p{L}])/iu;
const DISCLOSURE_VERB = /^(?:(?:voir|afficher|masquer|show|hide|view)\b|plus d|en savoir|more\b|read more|[àa] propos\b|about\b)/iu;

/** Whether a short text only says what a toggle shows ({@link DISCLOSURE_NOUN}, {@link DISCLOSURE_VERB}). */
export function saysWhatItShows(t: string): boolean {
  return DISCLOSURE_VERB.test(t) || (DISCLOSURE_NOUN.test(t) && !/\s\p{Lu}/u.test(t));
}

/** Whether a toggle's whole text, short, only says what it shows of an entry ({@link saysWhatItShows}): 'Coordonnées', 'Voir les contacts'. */
export function isDisclosureLabel(text: string): boolean {
  const t = text.trim();
  return t.length <= 40 && saysWhatItShows(t);
}
