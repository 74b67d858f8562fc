/**
 * Text folding for matching and de-duplication: names typed by people, scraped from web pages or
 * imported from spreadsheets come with or without accents, hyphens, apostrophes, dots and
 * capitals. Folding maps all those writings to one comparable form.
 */

/** Ligatures and letters that NFD does not decompose into a base letter plus marks. */
const LIGATURES: Readonly<Record<string, string>> = { 'œ': 'oe', 'æ': 'ae', 'ß': 'ss', 'ø': 'o', 'đ': 'd', 'ł': 'l' };

/**
 * Folds a text for comparison: lower-cases, strips accents and other combining marks (NFD, so
 * 'Béjaïa' -> 'bejaia'; Arabic harakat and hamza marks too), expands ligatures ('œ' -> 'oe',
 * 'æ' -> 'ae', 'ß' -> 'ss'), turns hyphens, dashes, apostrophes (all the Unicode variants),
 * underscores and dots into spaces, collapses runs of whitespace (including non-breaking
 * spaces) and trims. Other punctuation ('&', ',', '(') is kept: see {@link words} and
 * {@link normalizeCompanyName} for stricter keys.
 *
 * fold("Tizi-Ouzou") === fold("TIZI  OUZOU") === 'tizi ouzou'; fold("M'Sila") === 'm sila'.
 */
export function fold(s: string): string {
  let text = s.toLowerCase().normalize('NFD');
  // (Combining marks are all at U+0300 or above: a text without such characters has none.)
  if (hasCodeFrom(text, 0x300)) text = text.replace(MARKS, '');
  // One pass for what the patterns did in turn: ligatures expanded, separators and whitespace
  // runs as one space, none at either end (the expansions hold neither). Runs of characters
  // kept as they are are copied as slices.
  let out = '';
  let space = false;
  let from = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const gap = isSpace(c) || isSeparator(c);
    const ligature = !gap && c >= 0xdf && LIGATURES[text[i]] !== undefined;
    if (!gap && !ligature) {
      if (from === -1) {
        if (space && out !== '') out += ' ';
        space = false;
        from = i;
      }
      continue;
    }
    if (from !== -1) {
      out += text.slice(from, i);
      from = -1;
    }
    if (gap) space = true;
    else {
      if (space && out !== '') out += ' ';
      space = false;
      out += LIGATURES[text[i]];
    }
  }
  if (from !== -1) out += text.slice(from);
  return out;
}

/** Combining marks (what NFD splits accents into). */
const MARKS = /\p{M}/gu;

/** Whether a text holds a character at or above a code point. */
function hasCodeFrom(text: string, code: number): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= code) return true;
  return false;
}

/**
 * Characters that separate words like a space: hyphens, dashes and the minus sign (U+2010..U+2015,
 * U+2212) and the ASCII hyphen-minus; apostrophes and quote-like marks used as apostrophes
 * (' ’ ʼ ‘ ` ´ ′ ʻ); underscores and dots.
 */
function isSeparator(c: number): boolean {
  if (c < 128) return c === 45 || c === 39 || c === 96 || c === 95 || c === 46;
  return (c >= 0x2010 && c <= 0x2015) || c === 0x2212 || c === 0x2019 || c === 0x02bc || c === 0x2018 || c === 0x00b4 || c === 0x2032 || c === 0x02bb;
}

/**
 * The folded words of a text: the runs of letters and digits of {@link fold}(s), so punctuation
 * is dropped ('Numidia, Conseil!' -> ['numidia', 'conseil']). Letters of any script count, so
 * Arabic words are kept.
 */
export function words(s: string): string[] {
  const folded = fold(s);
  return hasCodeFrom(folded, 128) ? folded.match(WORD) ?? [] : asciiWords(folded);
}

/** A run of letters and digits, of any script. */
const WORD = /[\p{L}\p{N}]+/gu;

/** {@link WORD}'s runs in an ASCII text (its letters and digits are a-z, A-Z, 0-9), without the pattern. */
function asciiWords(text: string): string[] {
  const out: string[] = [];
  let from = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    const alnum = (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
    if (alnum && from === -1) from = i;
    else if (!alnum && from !== -1) {
      out.push(text.slice(from, i));
      from = -1;
    }
  }
  return out;
}

/**
 * A matching key: the folded words joined by one space, with '&' read as 'et' so that
 * 'Transport & logistique' and 'Transport et logistique' meet. Used by the reference lists.
 */
export function matchKey(s: string): string {
  return words(s.replace(/&/g, ' et ')).join(' ');
}

/** A matching key with the spaces removed, so that 'Tizi-Ouzou' and 'tiziouzou' meet. */
export function compactKey(s: string): string {
  return matchKey(s).replace(/ /g, '');
}

/** Legal-form tokens removed wherever they stand in a company name (after {@link fold}). */
const LEGAL_FORMS = new Set(['sarl', 'eurl', 'spa', 'snc', 'scs', 'ets', 'etablissement', 'etablissements']);
/** Tokens removed only when they open the name: 'Entreprise Benali' is Benali. */
const LEADING_ONLY = new Set(['entreprise']);
/** Conjunctions dropped so that 'Benali & Fils', 'Benali et Fils' and 'Benali and Fils' meet. */
const CONJUNCTIONS = new Set(['et', 'and']);

/**
 * The de-duplication key of a company name (to be paired with its wilaya): the {@link words}
 * of the name, where runs of two or more single letters are joined (so the dotted forms
 * 'S.A.R.L.', 'E.U.R.L', 'S.P.A' become 'sarl', 'eurl', 'spa'), legal-form tokens are removed
 * wherever they stand (SARL, EURL, SPA, SNC, SCS, ETS, Établissement(s)), 'Entreprise' is removed
 * when it is the first word, conjunctions ('&', 'et', 'and') and punctuation are dropped.
 *
 * 'SARL Numidia Conseil', 'Numidia Conseil Sarl' and 'S.A.R.L. NUMIDIA CONSEIL' all give
 * 'numidia conseil'; 'Ets Benali & Fils' gives 'benali fils'. When nothing but legal forms is
 * left (a name that is just 'SARL'), the plain words are returned rather than an empty key.
 */
export function normalizeCompanyName(s: string): string {
  const tokens = joinSingleLetters(words(s.includes('&') ? s.replace(/&/g, ' ') : s));
  let key = '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (LEGAL_FORMS.has(t) || CONJUNCTIONS.has(t) || (i === 0 && LEADING_ONLY.has(t))) continue;
    key = key === '' ? t : `${key} ${t}`;
  }
  // (A kept token is never empty: a key is empty only when no token was kept.)
  return key !== '' ? key : tokens.join(' ');
}

/** Joins runs of two or more one-letter tokens: ['s','a','r','l','x'] -> ['sarl','x']. */
function joinSingleLetters(tokens: string[]): string[] {
  let out: string[] | undefined;
  let run = 0;
  for (let i = 0; i <= tokens.length; i++) {
    // (One letter is one or two UTF-16 units: a longer token is never one.)
    const t = i < tokens.length ? tokens[i] : undefined;
    if (t !== undefined && isOneLetter(t)) {
      run++;
      continue;
    }
    // A run of two or more ends: the tokens before it as they are, the run as one.
    if (run >= 2) {
      out ??= tokens.slice(0, i - run);
      out.push(tokens.slice(i - run, i).join(''));
    } else if (out && run === 1) out.push(tokens[i - 1]);
    if (out && t !== undefined) out.push(t);
    run = 0;
  }
  return out ?? tokens;
}

/** Whether a token is one letter (/^\p{L}$/u). */
function isOneLetter(t: string): boolean {
  if (t.length === 1) {
    const c = t.charCodeAt(0);
    if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  }
  return t.length <= 2 && ONE_LETTER.test(t);
}
const ONE_LETTER = /^\p{L}$/u;

/**
 * Replaces Arabic-Indic (٠-٩, U+0660..) and Eastern Arabic-Indic (۰-۹, U+06F0..) digits with
 * ASCII digits; everything else is left as is.
 */
export function asciiDigits(s: string): string {
  return s.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0x0f));
}

/**
 * The C0 control characters that text never holds: all of U+0000..U+001F but tab, line feed
 * and carriage return. PostgreSQL refuses NUL in text, and the others are invisible garbage
 * (terminal escapes, form feeds) in a name or a note. API input with one answers 400 (the
 * contract's `pattern` on every free-text field: see src/platform/http/controlCharacters.ts), an
 * imported line with one is rejected, and scraped text has them removed.
 */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

/** The first control character of {@link CONTROL_CHARACTER}'s set in a text, with its index; undefined when none. */
export function findControlCharacter(s: string): { index: number; codePoint: string } | undefined {
  const m = CONTROL_CHARACTER.exec(s);
  return m ? { index: m.index, codePoint: `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` } : undefined;
}

/** What to tell the sender of a text with a control character (the field's name aside). */
export function controlCharacterMessage(found: { index: number; codePoint: string }): string {
  return `must not contain control characters (${found.codePoint} at character ${found.index + 1}); only tab and line breaks are allowed`;
}

/** The text without the control characters of {@link findControlCharacter} (tab and line breaks kept). */
export function stripControlCharacters(s: string): string {
  return s.replace(CONTROL_CHARACTERS, '');
}

/**
 * `text.replace(/\s+/g, ' ').trim()`: whitespace runs as one space, none at either end, in one
 * pass. Most texts read are already so, or only need trimming: they come back as they are, or as
 * a slice, without a new string per run.
 */
export function collapseSpaces(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  // (text[end - 1] is not a space: every run inside ends before `end`.)
  let out = '';
  let from = start;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!isSpace(c)) continue;
    let j = i + 1;
    while (isSpace(text.charCodeAt(j))) j++;
    if (j - i > 1 || c !== 32) {
      out += `${text.slice(from, i)} `;
      from = j;
    }
    i = j - 1;
  }
  if (from === 0 && end === text.length) return text;
  return out + text.slice(from, end);
}

/** Whether a character is whitespace or a line terminator as /\s/ and trim() read them. */
export function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * The script a text is written in, when it is one: Arabic letters only or Latin letters only
 * (undefined for both or neither). A company's French name and its Arabic name are in two, and
 * no word comparison can match them.
 */
export function scriptOf(text: string): 'arabic' | 'latin' | undefined {
  const arabic = /\p{Script=Arabic}/u.test(text);
  const latin = /\p{Script=Latin}/u.test(text);
  return arabic === latin ? undefined : arabic ? 'arabic' : 'latin';
}
