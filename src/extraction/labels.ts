/**
 * Fields written as labels in an entry's text rather than as markup: a company's name given
 * only after an explicit name label ('Raison sociale : X — Adresse : … — Tél : …'), icons
 * described by their alt / title / aria-label instead of a word ('<img alt="Fax">'), and bold
 * written as an inline style. (Pictograms written as text, '📞 0550 …', '📠 025 …', are labels
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
 * Labels that name the company itself (not a contact person, not an activity): 'Raison
 * sociale', 'Dénomination (sociale)', 'Nom de l'entreprise', 'Nom de la société', 'Société',
 * 'Entreprise', 'Établissement', 'Company name', 'Business name', 'اسم الشركة', 'اسم المؤسسة',
 * 'المؤسسة', 'الاسم'; a bare 'Nom' / 'Name' may be a person's and is not one. Matched at the
 * start of a line or after a field separator, before a colon.
 */
const NAME_LABEL = /(?:^|[\n·|;—–•]|\s[-–—]\s)[ \t\u00a0]{0,3}(?:raison sociale|d[ée]nomination(?: sociale)?|nom de l['’]entreprise|nom de la soci[ée]t[ée]|soci[ée]t[ée]|entreprise|[ée]tablissement|company name|business name|اسم الشركة|اسم المؤسسة|المؤسسة|الاسم)[ \t\u00a0]{0,3}[:：][ \t\u00a0]{0,3}/giu;

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

/** A label word written as an icon's alt, title or aria-label: 'Fax', 'Tél.', 'Téléphone', 'Mobile', 'E-mail'. */
const ICON_WORD = /^(?:(t[ée]l[ée]?(?:phone)?|tel|phone|mobile|portable|gsm|whatsapp|هاتف|الهاتف|جوال|نقال)|(fax|t[ée]l[ée]copie|فاكس|الفاكس)|(e-?mail|courriel|mail|البريد))\.?[ \u00a0]?:?$/iu;

/**
 * The label an empty element stands for by the words a reader is given instead of a picture:
 * an `<img alt="Fax">` (or its title), an empty `<i>` / `<span>` with `title="Téléphone"` or
 * `aria-label="E-mail"`: 'Fax :', 'Tél :' or 'E-mail :', read as the label of what follows it.
 * Undefined for any other element (an image of a logo, an icon with text of its own).
 */
export function describedIconLabel(el: HTMLElement): string | undefined {
  const raw = el.rawAttrs;
  if (raw === '' || !/alt|title|aria-label/i.test(raw.length > MAX_STYLE * 2 ? raw.slice(0, MAX_STYLE * 2) : raw)) return undefined;
  const tag = el.tagName;
  if (tag !== 'IMG' && (!['I', 'SPAN', 'EM'].includes(tag) || el.childNodes.some((c) => c.nodeType === 1 || c.text.trim() !== ''))) return undefined;
  for (const attr of tag === 'IMG' ? ['alt', 'title', 'aria-label'] : ['title', 'aria-label']) {
    const text = (el.getAttribute(attr) ?? '').trim();
    if (text === '' || text.length > MAX_ICON_TEXT) continue;
    const m = ICON_WORD.exec(text);
    if (m) return m[2] ? 'Fax :' : m[3] ? 'E-mail :' : 'Tél :';
  }
  return undefined;
}
