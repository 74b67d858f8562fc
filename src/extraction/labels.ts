/**
 * Fields written as labels in an entry's text rather than as markup: a company's name given
 * only after an explicit name label ('Raison sociale : X — Adresse : … — Tél : …'), and the
 * pictograms directories write instead of words ('📞 0550 …', '📠 025 …', '✉ x@y.dz').
 *
 * Everything here reads text the directory controls: the text is bounded before it is looked
 * at, and every pattern is linear (no two unbounded quantifiers over shared characters).
 */

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
