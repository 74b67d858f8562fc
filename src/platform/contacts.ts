/**
 * Phone numbers and e-mail addresses: normalising one value (an imported field) and finding all
 * of them in a free text (a web page, a directory entry). Phones are checked against
 * libphonenumber's full ("max") metadata, so only numbers in assigned ranges are accepted.
 *
 * Everything here reads text that outside parties write, so every pattern runs in linear time:
 * whitespace runs are collapsed before any pattern with spaces in it runs, no pattern has two
 * unbounded quantifiers over characters they share, addresses are looked for around each '@'
 * with bounded scans (not with a pattern that restarts at every letter), and free text is read
 * in bounded windows. A megabyte of spaces or of letters costs what reading it once costs.
 */
import { findNumbers, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import * as libphonenumberCore from 'libphonenumber-js/core';
import maxMetadata from 'libphonenumber-js/metadata.max.json';
import { asciiDigits, collapseSpaces } from './text';

/**
 * The E.164 form ('+213550123456') of a phone number written in any usual way, or undefined
 * unless it is a valid number for the metadata (an assigned range of the right length).
 * National numbers are read for `defaultCountry`. Handles '0550 12 34 56', '0550.12.34.56',
 * '021-23-45-67', '+213 (0) 21 23 45 67', '00213 550 12 34 56', '213550123456', and
 * Arabic-Indic or Eastern Arabic-Indic digits ('٠٥٥٠١٢٣٤٥٦'). An extension ('ext. 12') is
 * dropped. A text holding two numbers ('0550 12 34 56, 0661 22 33 44') gives undefined: use
 * {@link findPhones} for free text.
 */
export function normalizePhone(text: string, defaultCountry: CountryCode = 'DZ'): string | undefined {
  if (typeof text !== 'string') return undefined;
  const cleaned = collapse(asciiDigits(text.length > MAX_FIELD ? text.slice(0, MAX_FIELD) : text));
  return validNumber(cleaned, defaultCountry);
}

/**
 * The E.164 form of a number libphonenumber reads from `text` for `defaultCountry` when it is
 * valid, else undefined. A text with fewer than two digits (of the kinds libphonenumber reads:
 * ASCII, fullwidth, Arabic-Indic) is answered without asking libphonenumber (it refuses any number
 * with fewer, MIN_LENGTH_FOR_NSN, and refusing costs it an exception). Inside {@link withContactMemo}, each text is asked once.
 */
function validNumber(text: string, defaultCountry: CountryCode): string | undefined {
  if (!hasTwoDigits(text) || notViable(text)) return undefined;
  if (defaultCountry === 'DZ' && ALGERIA) {
    // (An entry's numbers are read several times: its text, its hCard tel, its buttons.)
    let known = memo?.algerian.get(text);
    if (known === undefined && !memo?.algerian.has(text)) {
      known = algerianNumber(text, ALGERIA);
      memo?.algerian.set(text, known);
    }
    if (known !== undefined) return known ?? undefined;
  }
  return askLibphonenumber(text, defaultCountry);
}

/** libphonenumber's answer for `text` (inside {@link withContactMemo}, each text is asked once). */
export function askLibphonenumber(text: string, defaultCountry: CountryCode): string | undefined {
  return memoized(memo?.valid, `${defaultCountry}${text}`, () =>
    withoutStackTraces(() => {
      const phone = parsePhoneNumberFromString(text, { defaultCountry });
      return phone?.isValid() ? phone.number : undefined;
    }),
  );
}

/** Algeria's numbering plan, as libphonenumber's metadata gives it (see {@link algerianPlan}). */
interface AlgerianPlan {
  callingCode: string;
  /** The national number pattern and the patterns of the number types (each with its lengths), anchored. */
  national: RegExp;
  types: { pattern: RegExp; lengths: readonly number[] }[];
  /** The national prefix for parsing, anchored at the start ('0'). */
  prefix: RegExp;
  /** The possible lengths of a national number, ascending. */
  lengths: readonly number[];
}

/**
 * Algeria's plan read from libphonenumber's own metadata (the build the module uses), or
 * undefined when the metadata does not have the simple shape {@link algerianNumber} relies on
 * (IDD prefix '00', a national prefix without transform rule, a calling code that no shorter
 * code prefixes): then every number is asked to libphonenumber, as before.
 */
function algerianPlan(): AlgerianPlan | undefined {
  try {
    // The Metadata class is exported by the core build though not declared by its types.
    const { Metadata } = libphonenumberCore as unknown as { Metadata?: new (json: unknown) => MetadataLike };
    if (typeof Metadata !== 'function') return undefined;
    const metadata = new Metadata(maxMetadata);
    metadata.selectNumberingPlan('DZ');
    const callingCode = metadata.numberingPlan.callingCode();
    const prefix = metadata.nationalPrefixForParsing();
    const lengths = metadata.possibleLengths();
    const countries = metadata.getCountryCodesForCallingCode(callingCode);
    if (
      metadata.IDDPrefix() !== '00' || !prefix || metadata.nationalPrefixTransformRule() || !lengths || lengths.length === 0 ||
      countries?.length !== 1 || countries[0] !== 'DZ' || !/^[1-9]\d{1,2}$/.test(callingCode) ||
      [1, 2].some((n) => n < callingCode.length && metadata.hasCallingCode(callingCode.slice(0, n)))
    ) return undefined;
    const types: AlgerianPlan['types'] = [];
    for (const name of ['FIXED_LINE', 'MOBILE', 'PREMIUM_RATE', 'TOLL_FREE', 'SHARED_COST', 'VOIP', 'PERSONAL_NUMBER', 'PAGER', 'UAN', 'VOICEMAIL']) {
      const type = metadata.type(name);
      const pattern = type?.pattern();
      if (type && pattern) types.push({ pattern: new RegExp(`^(?:${pattern})$`), lengths: type.possibleLengths() ?? lengths });
    }
    return { callingCode, national: new RegExp(`^(?:${metadata.nationalNumberPattern()})$`), types, prefix: new RegExp(`^(?:${prefix})`), lengths };
  } catch {
    return undefined;
  }
}

/** The part of libphonenumber's Metadata class that {@link algerianPlan} reads. */
interface MetadataLike {
  selectNumberingPlan(country: string): void;
  numberingPlan: { callingCode(): string };
  IDDPrefix(): string;
  nationalPrefixForParsing(): string | undefined;
  nationalPrefixTransformRule(): string | undefined;
  nationalNumberPattern(): string;
  possibleLengths(): number[] | undefined;
  getCountryCodesForCallingCode(code: string): string[] | undefined;
  hasCallingCode(code: string): boolean;
  type(name: string): { pattern(): string | undefined; possibleLengths(): number[] | undefined } | undefined;
}

const ALGERIA = algerianPlan();

/** Longest national number libphonenumber reads (its MAX_LENGTH_FOR_NSN), shortest (MIN_LENGTH_FOR_NSN). */
const MAX_NSN = 17;
const MIN_NSN = 2;

/**
 * What libphonenumber answers for `text` read with the default country DZ, computed without it
 * for the usual shapes of a number (libphonenumber costs 15 to 30 µs a call; a listing page has
 * hundreds): the text's characters are ASCII digits and the separators ' ', '.', '-', '(', ')',
 * with at most one '+' before the first digit; the number is national (no '+' and no '00') or
 * Algerian ('+213', '00213', '213' as libphonenumber reads it). The steps are libphonenumber's
 * own (parse.js: extractCountryCallingCode, stripIddPrefix, extractNationalNumber,
 * getNumberType), on its own metadata. Answers the E.164 form, null when libphonenumber says no
 * valid number, undefined when the text is of another shape (another country's '+33 ...', a
 * letter, a fullwidth digit): then libphonenumber is asked. test/contacts.test.ts checks the
 * answers against libphonenumber's on generated texts.
 */
export function algerianNumber(text: string, plan: AlgerianPlan | undefined = ALGERIA): string | null | undefined {
  if (!plan || text.length > MAX_LIBPHONENUMBER_INPUT) return undefined;
  let plus = false;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) count++;
    else if (c === 43 && count === 0 && !plus) plus = true;
    else if (c !== 32 && c !== 46 && c !== 45 && c !== 40 && c !== 41) return undefined;
    // (A '+' after a digit or a second '+', a letter, any other character: libphonenumber decides.)
  }
  // (The text is now ASCII digits, separators and perhaps a '+': its digits are what is left without the rest.)
  const digits = count === text.length ? text : text.replace(/\D/g, '');
  // A '+' with separators before it is where libphonenumber starts reading; one after them, as above.
  if (digits.length < 3) return null;
  const cc = plan.callingCode;
  let national: string;
  if (plus || (digits.startsWith('00') && digits[2] !== '0')) {
    // An international number: '+213 ...' or '00213 ...' (the IDD prefix); any other country is libphonenumber's.
    const international = plus ? digits : digits.slice(2);
    if (international[0] === '0') return null;
    if (!international.startsWith(cc)) return undefined;
    national = nationalOf(international.slice(cc.length), plan);
  } else if (digits.startsWith(cc)) {
    // '213550123456': read as international when the whole is no national number and the rest is, or the whole is too long.
    const shorter = nationalOf(digits.slice(cc.length), plan);
    const whole = nationalOf(digits, plan);
    national = (!plan.national.test(whole) && plan.national.test(shorter)) || lengthCheck(whole, plan) === 'TOO_LONG' ? shorter : whole;
  } else national = nationalOf(digits, plan);
  if (national.length < MIN_NSN || national.length > MAX_NSN) return null;
  return isValidNational(national, plan) ? `+${cc}${national}` : null;
}

/** libphonenumber's extractNationalNumber for the plan: the national prefix removed when what is left can be a number. */
function nationalOf(number: string, plan: AlgerianPlan): string {
  const m = plan.prefix.exec(number);
  if (!m || m[0].length === 0) return number;
  const rest = number.slice(m[0].length);
  if (plan.national.test(number) && !plan.national.test(rest)) return number;
  const length = lengthCheck(rest, plan);
  return length === 'TOO_SHORT' || length === 'INVALID_LENGTH' ? number : rest;
}

/** libphonenumber's checkNumberLength for the plan's possible lengths. */
function lengthCheck(number: string, plan: AlgerianPlan): 'IS_POSSIBLE' | 'TOO_SHORT' | 'TOO_LONG' | 'INVALID_LENGTH' {
  const { lengths } = plan;
  const n = number.length;
  if (lengths[0] === n) return 'IS_POSSIBLE';
  if (lengths[0] > n) return 'TOO_SHORT';
  if (lengths[lengths.length - 1] < n) return 'TOO_LONG';
  return lengths.indexOf(n, 1) >= 0 ? 'IS_POSSIBLE' : 'INVALID_LENGTH';
}

/** libphonenumber's isValid: the national number pattern, and some number type's pattern and lengths. */
function isValidNational(national: string, plan: AlgerianPlan): boolean {
  return plan.national.test(national) && plan.types.some((t) => t.lengths.includes(national.length) && t.pattern.test(national));
}

/**
 * Runs a libphonenumber call without capturing stack traces: it refuses a text by throwing a
 * ParseError that it catches itself (parsePhoneNumberFromString answers undefined), and the
 * trace of each such error was a fifth of the cost of reading a listing's numbers.
 */
function withoutStackTraces<T>(call: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return call();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * Whether libphonenumber certainly refuses `text` as one number (a cheap test before asking it):
 * it reads the text from its first '+' or digit to its last digit or '#', and refuses that
 * unless it is digits, punctuation and an extension ('ext', 'extension', 'int', 'anexo', 'x'...),
 * so a Latin letter there other than those words' letters (a e i n o s t x) makes it no number:
 * 'Tél : 0550 12 34 56 – Fax : 021 …' ('F'). An RFC 3966 'phone-context' is left to libphonenumber.
 */
function notViable(text: string): boolean {
  if (text.length > MAX_LIBPHONENUMBER_INPUT || text.includes('phone-context')) return false;
  let start = 0;
  while (start < text.length && !isNumberStart(text.charCodeAt(start))) start++;
  let end = text.length;
  while (end > start && !isDigitOrHash(text.charCodeAt(end - 1))) end--;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i) | 0x20;
    if (c >= 0x61 && c <= 0x7a && !EXTENSION_LETTERS.has(c)) return true;
  }
  return false;
}

/** Longest text libphonenumber reads (its MAX_INPUT_STRING_LENGTH). */
const MAX_LIBPHONENUMBER_INPUT = 250;
/** The Latin letters of libphonenumber's extension words, lower case. */
const EXTENSION_LETTERS = new Set([...'aeinostx'].map((c) => c.charCodeAt(0)));

/** The digits libphonenumber reads: ASCII, fullwidth, Arabic-Indic, Eastern Arabic-Indic. */
function isAnyDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 0xff10 && c <= 0xff19) || (c >= 0x660 && c <= 0x669) || (c >= 0x6f0 && c <= 0x6f9);
}

function isNumberStart(c: number): boolean {
  return c === 43 || c === 0xff0b || isAnyDigit(c);
}

function isDigitOrHash(c: number): boolean {
  return c === 35 || isAnyDigit(c);
}

function hasTwoDigits(text: string): boolean {
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    if (isAnyDigit(text.charCodeAt(i)) && ++digits === 2) return true;
  }
  return false;
}

/**
 * What one page's reading has already asked libphonenumber (15 to 30 µs a call): a listing page
 * asks about the same numbers several times (its text, its tel: links, its data-phone buttons,
 * each card read for its phones and for its faxes). Kept only while {@link withContactMemo} runs.
 */
interface ContactMemo {
  valid: Map<string, string | undefined>;
  found: Map<string, string[]>;
  /** {@link algerianNumber}'s answers, by text. */
  algerian: Map<string, string | null | undefined>;
}
let memo: ContactMemo | undefined;

/**
 * Runs `read` (the reading of one page) with the answers of libphonenumber remembered: the same
 * text is parsed once. The results are those of calls without it; the memory is dropped when
 * `read` ends (calls nest: an inner one shares the outer one's memory).
 */
export function withContactMemo<T>(read: () => T): T {
  if (memo) return read();
  memo = { valid: new Map(), found: new Map(), algerian: new Map() };
  try {
    return read();
  } finally {
    memo = undefined;
  }
}

function memoized<T>(map: Map<string, T> | undefined, key: string, compute: () => T): T {
  if (!map) return compute();
  if (map.has(key)) return map.get(key) as T;
  const value = compute();
  map.set(key, value);
  return value;
}

/** Longest single value read as one phone number (a field, a tel: link). */
const MAX_FIELD = 200;

/**
 * Words and dashes people put between two numbers (' ou ', ' or ', ' et ', ' - ', ' – '), once
 * whitespace is collapsed to single spaces. libphonenumber alone would read
 * '0550 12 34 56, 0661 22 33 44' as one number with the extension 0661; a dash only separates
 * when spaced, as '021-23-45-67' is one number.
 */
const SOFT_SEPARATORS = / (?:ou|or|et|and|و) | [-\u2010-\u2015] /iu;
/** Free text is searched for numbers in windows of this many characters... */
const WINDOW = 400;
/** ...overlapping by more than the longest written number, so no number is cut by a window edge. */
const OVERLAP = 48;

/**
 * Every valid phone number in a free text, as E.164, de-duplicated, in order of appearance.
 * The text is cut on separators (newlines, ',', ';', '|', '/', ' ou ', ' et ', a spaced dash),
 * then each piece is searched with libphonenumber's findNumbers for `defaultCountry` (in
 * overlapping windows when the piece is long), keeping valid numbers only.
 */
export function findPhones(text: string, defaultCountry: CountryCode = 'DZ'): string[] {
  if (typeof text !== 'string') return [];
  return phonesBetween(text, 0, text.length, defaultCountry);
}

/**
 * {@link findPhones} of `text.slice(start, end)`, the part read in place: the parts of an entry's
 * text between its labels are read without being cut out first (only a chunk with enough digits
 * is), as characters of a slice cost more to read than those of the text itself.
 */
function phonesBetween(text: string, start: number, end: number, defaultCountry: CountryCode): string[] {
  // A number is a span of at least MIN_DIGITS digits (a range, of more): a text with fewer has none.
  if (!hasDigits(text, MIN_DIGITS, start, end)) return [];
  const found = new Set<string>();
  // The chunks between hard separators, in one pass without splitting the text: only those with
  // enough digits are cut out (spans do not cross chunks: a chunk of fewer digits than a span
  // needs holds none), their Arabic-Indic digits made ASCII.
  let from = start;
  let digits = 0;
  let arabic = false;
  for (let i = start; i <= end; i++) {
    const c = i < end ? text.charCodeAt(i) : 10;
    if (!isHardSeparator(c)) {
      if (c >= 48 && c <= 57) digits++;
      else if ((c >= 0x660 && c <= 0x669) || (c >= 0x6f0 && c <= 0x6f9)) {
        digits++;
        arabic = true;
      }
      continue;
    }
    if (digits >= MIN_DIGITS && !(c === 44 && isDecimalAmount(text, i, end))) {
      const chunk = text.slice(from, i);
      readChunk(arabic ? asciiDigits(chunk) : chunk, defaultCountry, found);
    }
    from = i + 1;
    digits = 0;
    arabic = false;
  }
  // '023 86 40 10/11', '023 86 40 10 / 11 / 12': more numbers, each written by its last two digits.
  const slash = text.indexOf('/', start);
  if (slash !== -1 && slash < end) {
    // (On the part itself: the pattern looks at the characters around a number.)
    const part = asciiDigits(text.slice(start, end));
    for (const m of part.matchAll(NUMBER_RANGE)) {
      const first = normalizePhone(m[1], defaultCountry);
      if (!first) continue;
      const digits = m[1].replace(/\D/g, '');
      let last = Number(digits.slice(-2));
      // A switchboard's other lines ('029 85 62 36/11'): a landline's suffixes may come in any order, when
      // nothing but a number's end follows them (not '24h/24', '7j/7'). A mobile's only ascending.
      const anyOrder = LANDLINE.test(first) && !isLetterOrDigit(part.charCodeAt((m.index ?? 0) + m[0].length));
      const seen = new Set([last]);
      for (const suffix of m[2].match(/\d{2}/g) ?? []) {
        // Each a line after the one before it (or another line of a switchboard), else not a range.
        if (Number(suffix) <= last && !(anyOrder && !seen.has(Number(suffix)))) break;
        last = Number(suffix);
        seen.add(last);
        const next = normalizePhone(digits.slice(0, -2) + suffix, defaultCountry);
        if (next) found.add(next);
      }
    }
    // '048/28.56.56': a landline's area code set apart by a slash from its six digits.
    for (const m of part.matchAll(AREA_SLASH)) {
      const one = normalizePhone(m[1] + m[2], defaultCountry);
      if (one && LANDLINE.test(one)) found.add(one);
    }
  }
  return [...found];
}

/**
 * An Algerian landline written with its area code before a slash ('048/28.56.56', '046 / 12 34 56',
 * as typed on old sites): '0' and two digits, the slash, then the subscriber's six digits in
 * pairs, nothing numeric on either side. Fixed length, linear.
 */
const AREA_SLASH = /(?<![\d./-])(0\d{2}) ?\/ ?(\d{2}[ .-]?\d{2}[ .-]?\d{2})(?![ .-]?\d)/g;

/** The numbers of a chunk of text (no hard separator in it) added to `found`. */
function readChunk(chunk: string, defaultCountry: CountryCode, found: Set<string>): void {
  for (const piece of collapse(chunk).split(SOFT_SEPARATORS)) {
    for (const span of numberSpans(piece)) {
      const one = oneNumber(span, defaultCountry);
      if (one !== undefined && one !== '') {
        found.add(one);
        continue;
      }
      // A label's ordinal before its number ('Téléphone 2 +213 (0)36 67 16 51', 'Tél 2 036 …'): no digit of it.
      const numbered = ordinalNumbers(span, defaultCountry);
      if (numbered !== undefined) {
        for (const n of numbered) found.add(n);
        continue;
      }
      if (one !== undefined) continue;
      const split = consecutiveNumbers(span, defaultCountry);
      if (split !== undefined) {
        for (const n of split) found.add(n);
        continue;
      }
      for (const window of windows(span)) for (const n of numbersIn(window, defaultCountry)) found.add(n);
    }
  }
}

/**
 * The numbers of a span opened by a lone digit, a space, then a number written with its prefix (a
 * trunk '0', '+', '(0'): the digit numbers the label before it ('Téléphone 2', 'Tél. 2', 'Mobile 2',
 * as a member's profile fields are named), a written number never sets a digit apart before its
 * prefix. Read only when the whole span is no valid number; undefined when the rest is none either.
 */
function ordinalNumbers(span: string, defaultCountry: CountryCode): string[] | undefined {
  const text = trimSpan(span);
  if (text.length < 10 || !isAsciiDigit(text.charCodeAt(0)) || text.charCodeAt(1) !== 32) return undefined;
  const c = text.charCodeAt(2);
  if (c !== 48 && c !== 43 && c !== 40) return undefined;
  const rest = text.slice(2);
  const one = oneNumber(` ${rest} `, defaultCountry);
  if (one !== undefined) return one === '' ? undefined : [one];
  return consecutiveNumbers(rest, defaultCountry);
}

/** Most digit groups one written number is made of ('+213 (0) 5 50 12 34 56' has 7). */
const MAX_GROUPS = 7;

/**
 * Numbers written one after the other with only spaces between them ('0550 12 34 56 0661 23 45 67',
 * '036 84 12 34 036 84 12 35'): libphonenumber's matcher reads such a span as one too-long number and
 * finds none. The span's digit groups are cut, left to right, into the longest run of groups that
 * is a valid number; when every group ends up in one and there are two or more, those are the
 * numbers. Otherwise (digits left over: an identifier, an amount) undefined, and the matcher reads it.
 */
function consecutiveNumbers(span: string, defaultCountry: CountryCode): string[] | undefined {
  const text = trimSpan(span);
  // Each group: from its first character (a '+' or '(' right before its digits belongs to it) to its last digit.
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (!isAsciiDigit(text.charCodeAt(i))) continue;
    if (i === 0 || !isAsciiDigit(text.charCodeAt(i - 1))) {
      let from = i;
      while (from > 0 && (text.charCodeAt(from - 1) === 43 || text.charCodeAt(from - 1) === 40)) from--;
      starts.push(from);
    }
    if (i === text.length - 1 || !isAsciiDigit(text.charCodeAt(i + 1))) {
      let to = i + 1;
      if (text.charCodeAt(to) === 41) to++;
      ends.push(to);
    }
  }
  const out: string[] = [];
  for (let first = 0; first < starts.length; ) {
    let taken = -1;
    for (let last = Math.min(starts.length, first + MAX_GROUPS) - 1; last >= first && taken === -1; last--) {
      const one = validNumber(text.slice(starts[first], ends[last]), defaultCountry);
      if (one !== undefined) {
        out.push(one);
        taken = last;
      }
    }
    if (taken === -1) return undefined;
    first = taken + 1;
  }
  return out.length >= 2 ? out : undefined;
}

/** Hard separators, which a number never spans: line breaks, ',', ';', '|', '/', '\\'. */
/**
 * Whether the comma at `at` is an amount's decimal comma written the French way ('25 520 991,50',
 * '1 250,00 DA' in a bid's or a price's column): a group of exactly three digits before it (the
 * thousands grouping; a phone's last group is two digits, '021 23 45 67'), exactly two digits
 * after it, then no digit. The digits before it are then no number.
 */
function isDecimalAmount(text: string, at: number, end: number): boolean {
  if (at < 3 || at + 2 >= end) return false;
  for (let k = at - 3; k < at; k++) if (!isAsciiDigit(text.charCodeAt(k))) return false;
  if (at >= 4 && isAsciiDigit(text.charCodeAt(at - 4))) return false;
  if (!isAsciiDigit(text.charCodeAt(at + 1)) || !isAsciiDigit(text.charCodeAt(at + 2))) return false;
  if (at + 3 < end && isAsciiDigit(text.charCodeAt(at + 3))) return false;
  // Two digits that begin a whole number written in pairs ('0550 123 456,05 51 20 33 17') are no decimals.
  return !WHOLE_NUMBER_AFTER.test(text.slice(at + 1, Math.min(end, at + 1 + MAX_WHOLE_NUMBER)));
}

/** A whole Algerian number written in pairs after a comma ('05 51 20 33 17', '021 23 45 67' aside): 0, a digit, three or four more pairs. Anchored, fixed length. */
const WHOLE_NUMBER_AFTER = /^0\d(?:[ .-]?\d{2}){3,4}(?!\d)/;
/** Longest text {@link WHOLE_NUMBER_AFTER} looks at. */
const MAX_WHOLE_NUMBER = 16;

function isHardSeparator(c: number): boolean {
  return c === 10 || c === 13 || c === 44 || c === 59 || c === 124 || c === 47 || c === 92;
}

/**
 * A number followed by '/NN' or '/NN/NN...' (its last two digits changed: a range of lines), its
 * area code perhaps in parentheses ('(038) 19 30 81 / 82'); two digits followed by three more
 * pairs are the start of a second whole number ('… / 05 51 20 33 17'), no line. Another slash
 * after the lines is allowed only before such a whole number ('029 55 61 70/11 / 0665 61 75 39').
 * Bounded: at most 13 digits with single separators and five suffixes, and lookaheads of fixed
 * length, so the pattern is linear.
 */
const NUMBER_RANGE = /(?<![\d/])(\(?\d(?:(?:[ .-]|\) ?)?\d){7,12})((?: ?\/ ?\d{2}(?![\d\p{L}]|[ .-]?\d{2}[ .-]?\d{2}[ .-]?\d{2})){1,5})(?! ?\/ ?(?!0\d{2,3}[ .-]?\d{2}[ .-]?\d{2}|0\d[ .-]?\d{2}[ .-]?\d{2}[ .-]?\d{2})\d)/gu;

/** An Algerian landline in E.164: '+213' and eight digits, its area code beginning with 2, 3 or 4. */
const LANDLINE = /^\+213[234]\d{7}$/;

/** Whether a character code is a letter or a digit (any script); false past the end. */
function isLetterOrDigit(code: number): boolean {
  return !Number.isNaN(code) && /[\p{L}\p{N}]/u.test(String.fromCharCode(code));
}

/** Fewest digits in a written phone number (with its country code) worth asking libphonenumber about. */
const MIN_DIGITS = 6;

/** Whether a text (or its part from `start` to `end`) holds at least `n` digits, ASCII or Arabic-Indic (those {@link asciiDigits} turns into ASCII). */
function hasDigits(text: string, n: number, start = 0, end = text.length): boolean {
  let digits = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (((c >= 48 && c <= 57) || (c >= 0x660 && c <= 0x669) || (c >= 0x6f0 && c <= 0x6f9)) && ++digits >= n) return true;
  }
  return false;
}

/**
 * The parts of a piece of text that can hold a phone number: each run of digits and the
 * characters numbers are written with (spaces, '.', '-', '(', ')', '+'), when it holds at least
 * {@link MIN_DIGITS} digits, with one character of context on each side (libphonenumber refuses
 * a number glued to a letter, as in 'RC0550123456'). One pass; libphonenumber then reads a few
 * short strings instead of the whole text (it costs tens of microseconds per call).
 */
function numberSpans(piece: string): string[] {
  const out: string[] = [];
  let start = -1;
  let last = -1;
  let digits = 0;
  // Where the span's last run of digits begins.
  let group = -1;
  for (let i = 0; i <= piece.length; i++) {
    const c = i < piece.length ? piece.charCodeAt(i) : -1;
    const digit = c >= 48 && c <= 57;
    if (digit && (i === 0 || !isAsciiDigit(piece.charCodeAt(i - 1)))) group = i;
    if (digit || c === 32 || c === 46 || c === 45 || c === 40 || c === 41 || c === 43) {
      // A span runs from its first to its last character other than a space: the ones around it are its
      // context. A closing bracket opens none: it closes the text before it ('M. X (DG) 0770 …'); nor does
      // a dot or a dash before a space: it ends the word before it ('Port. 0559 …', 'Réf. …').
      if (c !== 32 && !(start === -1 && (c === 41 || ((c === 46 || c === 45) && piece.charCodeAt(i + 1) === 32)))) {
        if (start === -1) start = i;
        last = i;
      }
      if (digit) digits++;
      continue;
    }
    // One or two digits glued to the letter that ends the span are the text's, not the number's:
    // hours after a number ('049 80 17 52 (7j/7)', '021 23 45 67 (24h/24)').
    if (start !== -1 && i < piece.length && group > start && i - group <= 2 && isAsciiDigit(piece.charCodeAt(i - 1)) && /\p{L}/u.test(piece[i])) {
      digits -= i - group;
      last = group - 1;
      while (last > start && !isAsciiDigit(piece.charCodeAt(last)) && piece.charCodeAt(last) !== 41) last--;
    }
    // An opening bracket at a span's end opens the text after it ('0798 18 16 71 (dimanche'): not the number's.
    while (start !== -1 && last > start && (piece.charCodeAt(last) === 40 || piece.charCodeAt(last) === 32)) last--;
    // A span the currency follows is an amount ('3 000 DA', a price glued to a date before it: '15/10/2026' '3 000 DA').
    if (start !== -1 && digits >= MIN_DIGITS && !AMOUNT_AFTER.test(piece.slice(i, i + 8))) out.push(piece.slice(Math.max(0, start - 1), last + 2));
    start = -1;
    digits = 0;
  }
  return out;
}

/** A currency right after a run of digits makes it an amount: dinars (DA, DZD, دج), euros. */
const AMOUNT_AFTER = /^(?:DA|DZD|EUR|€|دج|[Dd]inars?)(?![\p{L}\d])/u;

/** Most digits of a span read as one number ('00213 550 12 34 56' has 14). */
const ONE_NUMBER_DIGITS = 14;

/**
 * A span that can only be one number (at most {@link ONE_NUMBER_DIGITS} digits, one run of
 * digits and separators) is parsed directly, which costs a fraction of libphonenumber's
 * matcher: its E.164 form, '' when it is no valid number (or is glued to a letter, as the
 * matcher would refuse it), undefined when the span needs the matcher (it may hold two numbers).
 */
function oneNumber(span: string, defaultCountry: CountryCode): string | undefined {
  let digits = 0;
  for (let i = 0; i < span.length; i++) {
    const c = span.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
  }
  if (digits > ONE_NUMBER_DIGITS || digits < 8) return undefined;
  if (isLatinLetter(span.charCodeAt(0)) || isLatinLetter(span.charCodeAt(span.length - 1))) return '';
  const text = trimSpan(span);
  if (isYearRange(text) || CALENDAR_DATE.test(text)) return '';
  return validNumber(text, defaultCountry) ?? '';
}

/** Two years joined by a dash ('2024-2025', '2019 - 2020'): a period (a season, a financial year), no number. */
const YEAR_RANGE = /^((?:19|20)\d\d) ?- ?((?:19|20)\d\d)$/;

/** Whether a span is a {@link YEAR_RANGE} whose second year comes after the first, within ten years. */
function isYearRange(text: string): boolean {
  const m = YEAR_RANGE.exec(text);
  if (!m) return false;
  const gap = Number(m[2]) - Number(m[1]);
  return gap > 0 && gap <= 10;
}

/**
 * A calendar date written with dashes or dots, year first or last ('2021-11-09', '09.11.2021',
 * '09-11-2021': an approval's, a register's, a CSV's ISO date): no number, though its eight digits
 * may make a valid one. A number is written in pairs after its area code ('036-87-12-45'), never
 * with a year's four digits at one end.
 */
const CALENDAR_DATE = /^(?:(?:19|20)\d\d([-.])(?:0[1-9]|1[0-2])\1(?:0[1-9]|[12]\d|3[01])|(?:0[1-9]|[12]\d|3[01])([-.])(?:0[1-9]|1[0-2])\2(?:19|20)\d\d)$/;

/**
 * A span without its context characters: from its first digit, '+' or '(' to its last digit or
 * ')'. (The pattern it replaces, /^[^\d+(]+|[^\d)]+$/g, tried its second branch from every
 * position of a run of dashes or dots and backtracked to the run's end: quadratic in the run.)
 */
function trimSpan(span: string): string {
  let start = 0;
  while (start < span.length) {
    const c = span.charCodeAt(start);
    if ((c >= 48 && c <= 57) || c === 43 || c === 40) break;
    start++;
  }
  let end = span.length;
  while (end > start) {
    const c = span.charCodeAt(end - 1);
    if ((c >= 48 && c <= 57) || c === 41) break;
    end--;
  }
  return span.slice(start, end);
}

/** The valid numbers libphonenumber's matcher finds in a window of text, as E.164 (asked once per text inside {@link withContactMemo}). */
function numbersIn(window: string, defaultCountry: CountryCode): readonly string[] {
  return memoized(memo?.found, `${defaultCountry}${window}`, () => {
    const out: string[] = [];
    withoutStackTraces(() => {
      for (const match of findNumbers(window, { defaultCountry, v2: true })) if (match.number.isValid()) out.push(match.number.number);
    });
    return out;
  });
}

/** A long piece as overlapping windows around its digits (a piece without digits has none). */
function windows(piece: string): string[] {
  if (piece.length <= WINDOW) return [piece];
  const out: string[] = [];
  for (let start = 0; start < piece.length; start += WINDOW - OVERLAP) {
    const digit = piece.slice(start, start + WINDOW).search(/\d/);
    if (digit === -1) continue;
    const from = Math.max(start, start + digit - OVERLAP);
    out.push(piece.slice(from, from + WINDOW));
  }
  return out;
}

/** What a label says a number is. */
type PhoneKind = 'phone' | 'fax' | 'id';

/**
 * Label words, longest first so that 'Télécopie' is not read as 'Tél'. Matched only as whole
 * words (see {@link findPhonesAndFaxes}); 'Télécopies', the plural over two faxes ('Télécopies : a / b'), is a fax label too. The one-letter labels of 'T : 023 … F : 023 …' count
 * only right before a colon (an initial 'F. Benali' is not a label), or alone in brackets after their number ('045 67 62 01 (F)'). The verbs of a call
 * ('appelez notre chef de projet au 0798 …', 'composez le …', 'contactez le …', 'joignable au …', 'pour nous joindre : …')
 * label a phone, and so do a booking's ('Réservations conseillées le week-end au 0795 …', 'réservez
 * au …') and the desks a line reaches ('Standard : …', 'Secrétariat …'; 'Réception :' and 'Accueil :' only before
 * their colon, as a menu's 'Accueil' or a hotel's 'Réception 24h/24' label nothing), a direct line ('Ligne directe : …'),
 * and 'Port.' (portable) with its dot (a harbour's 'port' labels nothing), and a contact person's line
 * ('Contact : Mme X (gérante) — 0661 …': his mobile is the company's phone; 'contact@…' is an address, no label; so is
 * 'Interlocuteur', the French for a company's contact person, a fiche's heading over 'M. X, gérant — 0662 …'). Arabic: هاتف (telephone), جوال / نقال (mobile), فاكس (fax), with or without the article,
 * and a call's words, للاتصال / الاتصال ('to call', an ad's usual label), اتصل / اتصلوا ('call'). Pictograms written instead of words are labels too:
 * ☎ 📞 📱 📲 (phone), 📠 (fax), ✉ 📧 (an e-mail: it ends a number label's reach).
 * The words are grouped by their first letter, in their order within each group (words of
 * different first letters never match at one place, so the first that matches is the same):
 * the pattern then tries a few words at each letter of a text, not every one of them.
 */
const LABEL = /[\u260e\u260f\u2706\u{1f4de}\u{1f4f1}\u{1f4f2}\u{1f57b}\u{1f57d}\u{1f4e0}\u{1f5b7}\u2709\u{1f4e7}\u{1f4e8}\u{1f4e9}]|t(?:(?=[ \u00a0]{0,3}:)|(?<=[0-9\u0660-\u0669\u06f0-\u06f9][ \u00a0]{0,3}\(t)(?=\))|[ée]l[ée]copieur|[ée]l[ée]copies?|[ée]l[ée]phones?|elephone|[ée]l)|f(?:(?=[ \u00a0]{0,3}:)|(?<=[0-9\u0660-\u0669\u06f0-\u06f9][ \u00a0]{0,3}\(f)(?=\))|ixe|ax)|a(?:ppelez|ppeler|dresse|ctivit[ée]s?|ccueil(?=[ \u00a0]{0,3}:))|c(?:omposez|ellulaire|ell|ourriel|apital|ontactez|ontacter|ontact(?![@.\-_]))|jo(?:ignable|indre)|interlocut(?:eur|rice)s?|l(?:igne[ \u00a0]directe)|m(?:obile|ob)|p(?:ortable|ort(?=\.)|hone)|gsm|whatsapp|e-?mail|horaires?|n(?:if|is)|r(?:c|[ée]serv(?:ations?|ez|er)|[ée]ception(?=[ \u00a0]{0,3}:))|s(?:tandard|ecr[ée]tariat|ite web)|(?:ال)?(?:هاتف|جوال|نقال|فاكس)|(?:لل|ال)?اتصال|اتصلوا|اتصل|(?:ال)?(?:بريد|عنوان)/giu;

/**
 * The kind a label word gives its numbers: a phone's, a fax's, an identifier's (RC, NIF, NIS,
 * capital: never a phone), or none (another field: E-mail, Adresse, Horaires ... only ends a
 * number label's reach).
 */
function kindOf(label: string): number {
  // Label words are few (the spellings of LABEL's words): each is classified once.
  let known = kinds.get(label);
  if (known === undefined) {
    const kind = labelKind(label);
    known = kind === 'phone' ? PHONE : kind === 'fax' ? FAX : kind === 'id' ? ID : 0;
    if (kinds.size < 10_000) kinds.set(label, known);
  }
  return known;
}
const kinds = new Map<string, number>();

/** A label's kinds as bits ({@link kindOf}): a phone's, a fax's, an identifier's; 0 for another field's label. */
const PHONE = 1;
const FAX = 2;
const ID = 4;

function labelKind(label: string): PhoneKind | undefined {
  if (/copie|fax|فاكس|^f$|^[\u{1f4e0}\u{1f5b7}]$/iu.test(label)) return 'fax';
  if (/^[\u2709\u{1f4e7}\u{1f4e8}\u{1f4e9}]$/u.test(label)) return undefined;
  if (/^(?:capital|nif|nis|rc)$/iu.test(label)) return 'id';
  if (/^(?:e-?mail|courriel|adresse|horaires?|site web|activit[ée]s?|(?:ال)?(?:بريد|عنوان))$/iu.test(label)) return undefined;
  return 'phone';
}

/** Between two labels that name one number together ('Tél/Fax :', 'Tél. et fax'), at most 40 characters of this, on one line. */
/** The desks a number reaches ('Standard', 'Secrétariat', 'Accueil', 'Réception'): after a fax label, they name that fax's desk. */
const DESK = /^(?:standard|secr[ée]tariat|accueil|r[ée]ception)$/iu;

const JOINED_LABELS = /^[\s./&:|-]*(?:et|and|ou|و)?[\s./&:|-]*$/iu;

/**
 * The phone and fax numbers of a free text, read with their labels: a number after 'Fax',
 * 'Télécopie' or 'فاكس' is a fax; after 'Tél', 'Mobile', 'Fixe', 'GSM', 'هاتف' ... or before
 * any label, a phone. Labels written together ('Tél/Fax : 021 ...') give both kinds to one number;
 * over several numbers ('Tél/Fax : 021 … – 0550 …') they do not say which is the fax, and each is
 * a phone only. A fax label does not reach a mobile written on a later line than its first
 * numbers ('Fax : 027 …' then '0664 …' under it: the entry's mobile, a phone). A number
 * only ever labelled fax is never a phone, even when it also appears unlabelled; a number
 * labelled both ways is a phone (and a fax). Both lists E.164, in order of appearance.
 */
export function findPhonesAndFaxes(text: string, defaultCountry: CountryCode = 'DZ'): { phones: string[]; faxes: string[] } {
  const { phones, faxes } = readNumbers(text, defaultCountry);
  return { phones, faxes };
}

/**
 * {@link findPhonesAndFaxes}, plus `labelled`: the phones that a phone label (Tél, Mobile,
 * Fixe, GSM, هاتف ...) names, as opposed to numbers standing without a label.
 */
export function readNumbers(text: string, defaultCountry: CountryCode = 'DZ'): { phones: string[]; faxes: string[]; labelled: string[] } {
  // (A number has MIN_DIGITS digits or more: a text with fewer has none, whatever its labels say.)
  if (typeof text !== 'string' || !hasDigits(text, MIN_DIGITS)) return { phones: [], faxes: [], labelled: [] };
  // Label spans (where each starts and ends, its kinds as bits): each label's kinds hold until
  // the next label (a label of another field has none).
  const starts: number[] = [];
  const ends: number[] = [];
  const spanKinds: number[] = [];
  // Fields named alone on their line ('Chef de chantier :' over its number, as a table row's
  // column is written) or at its start before their number ('Service après-vente : 0794 …'): each ends the label before it, unless a label word lies in it or that
  // label, written as a value and not as a field's name, still awaits its number (a row's type
  // cell 'Fax', then its 'Coordonnée' column; an empty 'Fax :' column ends at the next).
  // A field named with its number on the same line labels that line only: its reach ends at the
  // line's end (a span of no kind there, unless a label comes first).
  const fields = fieldLines(text);
  let field = 0;
  let lineEnd = -1;
  const endLine = (before: number): void => {
    if (lineEnd >= 0 && lineEnd <= before) {
      starts.push(lineEnd);
      ends.push(lineEnd);
      spanKinds.push(0);
    }
    lineEnd = -1;
  };
  // A fax label alone on its line over fields with their numbers ('Télécopie :' then 'Siège : 021 …', 'Usine : 031 …')
  // names whose faxes they are: those fields are faxes, up to the next label or field alone on its line.
  let inherited = 0;
  const addField = (start: number, end: number, reach: number): void => {
    endLine(start);
    const last = ends.length - 1;
    const awaiting = last >= 0 && spanKinds[last] !== 0 && start - ends[last] <= MAX_AWAITING && !hasDigits(text, MIN_DIGITS, ends[last], start);
    if (awaiting && !text.slice(ends[last], start).includes(':')) return;
    if (reach < 0) inherited = 0;
    else if (awaiting && (spanKinds[last] & FAX) !== 0 && (spanKinds[last] & PHONE) === 0) inherited = FAX;
    starts.push(start);
    ends.push(end);
    spanKinds.push(reach >= 0 && inherited !== 0 ? inherited : PHONE);
    lineEnd = reach;
  };
  LABEL.lastIndex = 0;
  for (let m = LABEL.exec(text); m !== null; m = LABEL.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (isLatinLetter(text.charCodeAt(start - 1)) || isLatinLetter(text.charCodeAt(end))) continue;
    for (; field < fields.length && fields[field + 1] <= start; field += 3) addField(fields[field], fields[field + 1], fields[field + 2]);
    if (field < fields.length && fields[field] <= start) field += 3;
    endLine(start);
    inherited = 0;
    const last = spanKinds.length - 1;
    const kind = kindOf(m[0]);
    // A desk named after a fax label ('Fax secrétariat :', 'Fax du standard :') says whose fax it is: still a fax label.
    if (last >= 0 && (spanKinds[last] & FAX) !== 0 && DESK.test(m[0]) && start - ends[last] <= 40 && !hasDigits(text, 1, ends[last], start) && !/[\r\n]/.test(text.slice(ends[last], start))) {
      ends[last] = end;
      continue;
    }
    // Labels join only on one line: 'Mobile : 0550 … WhatsApp' then 'Fax : 025 …' on the next line are two labels.
    if (kind !== 0 && kind !== ID && last >= 0 && spanKinds[last] !== 0 && (spanKinds[last] & ID) === 0 && start - ends[last] <= 40 && JOINED_LABELS.test(text.slice(ends[last], start)) && !/[\r\n]/.test(text.slice(ends[last], start))) {
      spanKinds[last] |= kind;
      ends[last] = end;
    } else {
      starts.push(start);
      ends.push(end);
      spanKinds.push(kind);
    }
  }
  for (; field < fields.length; field += 3) addField(fields[field], fields[field + 1], fields[field + 2]);
  endLine(text.length);
  // A label written after its number, in brackets ('037 … (Fax)', '0550 … (Mob.)'): where the number it names begins, else -1.
  const named: number[] = starts.map((start, i) => namedBefore(text, i > 0 ? ends[i - 1] : 0, start, ends[i], spanKinds[i], defaultCountry));
  const labelledPhone = new Set<string>();
  const fax = new Set<string>();
  const order = phonesBetween(text, 0, starts.length === 0 ? text.length : named[0] >= 0 ? named[0] : starts[0], defaultCountry);
  for (let i = 0; i < starts.length; i++) {
    // Numbers after an identifier's label (RC, NIF ...) are not read at all.
    if ((spanKinds[i] & ID) !== 0) continue;
    // A label's reach ends where the next label's numbers begin: before that label, or before the number a bracketed one names.
    const reachEnd = i + 1 < starts.length ? (named[i + 1] >= 0 ? named[i + 1] : starts[i + 1]) : text.length;
    // A bracketed label names its number only: the numbers after it, up to the next label, stand without one.
    if (named[i] >= 0) for (const n of phonesBetween(text, ends[i], reachEnd, defaultCountry)) order.push(n);
    // A fax label's reach also ends at a line of words after its numbers (a review, a map's link, another block's text).
    const reach = named[i] < 0 && (spanKinds[i] & FAX) !== 0 && (spanKinds[i] & PHONE) === 0 ? wordsLineAfterNumbers(text, ends[i], reachEnd) : reachEnd;
    const numbers = named[i] >= 0 ? phonesBetween(text, named[i], starts[i], defaultCountry) : phonesBetween(text, ends[i], reach, defaultCountry);
    // Labels written together ('Tél/Fax :') name one number as both; over several they do not say which is the fax: phones.
    // Nor when the fax among them is marked after its number ('Tél / Fax : 0782 … / 045 … (F)'): the others are phones.
    const faxMarked = i + 1 < starts.length && named[i + 1] >= 0 && (spanKinds[i + 1] & FAX) !== 0;
    const kind = (spanKinds[i] & PHONE) !== 0 && (spanKinds[i] & FAX) !== 0 && (numbers.length > 1 || faxMarked) ? PHONE : spanKinds[i];
    const unlabelled = (kind & FAX) !== 0 && (kind & PHONE) === 0 && numbers.length > 1 && named[i] < 0 ? mobilesBelow(text.slice(ends[i], reachEnd), defaultCountry) : NO_NUMBERS;
    for (const n of numbers) {
      order.push(n);
      if (unlabelled.has(n)) continue;
      if ((kind & PHONE) !== 0) labelledPhone.add(n);
      if ((kind & FAX) !== 0) fax.add(n);
    }
    if (reach < reachEnd) for (const n of phonesBetween(text, reach, reachEnd, defaultCountry)) order.push(n);
  }
  // Each number once, in order of appearance; one only ever labelled fax is no phone.
  const phones: string[] = [];
  const faxes: string[] = [];
  const labelled: string[] = [];
  for (const n of new Set(order)) {
    if (!fax.has(n) || labelledPhone.has(n)) phones.push(n);
    if (fax.has(n)) faxes.push(n);
    if (labelledPhone.has(n)) labelled.push(n);
  }
  return { phones, faxes, labelled };
}

const NO_NUMBERS: ReadonlySet<string> = new Set();

/** Farthest back from a bracketed label the number it names is looked for ('+213 (0)37 91 78 23 / 24 / 25' is 29 characters). */
const MAX_NAMED_BEFORE = 60;

/**
 * Whether what ends right before `at` separates two written numbers on one line, looked for back
 * from a bracketed label: '/', ';', '|', ',', '؛', '·', '•', a dash ('–', '—', ' - ' between spaces), ' ou ', ' or ',
 * and a line break (numbers listed one a line, each typed after it: '038 … (Bureau)' over '038 … (Fax)').
 */
function separatesNumbers(text: string, at: number): boolean {
  const c = text.charCodeAt(at - 1);
  if (c === 10 || c === 13 || c === 47 || c === 59 || c === 124 || c === 44 || c === 0x61b || c === 0xb7 || c === 0x2022 || c === 0x2013 || c === 0x2014) return true;
  if (c === 45) return isSpace(text.charCodeAt(at - 2)) && isSpace(text.charCodeAt(at));
  return c === 32 && at >= 4 && /^ o[ur] $/i.test(text.slice(at - 4, at));
}

/**
 * A label written after its number, in brackets, as lists and free-text fields write it ('037 13 02 04
 * (Phone) / 037 47 59 99 (Fax)', '027 … (fixe) ; 0550 … (Mob.) ; 027 … (fax)', '(Tel/Fax)'): where the
 * number it names begins, else -1 (a label before its numbers). The label is the bracket's only
 * content and the bracket follows a digit; it names the last number written before it, back to
 * the separator before that number ('a / b (Fax)': b only; '038 27 42 12 / 89 (fax)': both, one
 * number with its second ending), never past the label before. A desk in brackets ('Fax : … (secrétariat)')
 * says whose the number is, not what it is: no label of its own. Bounded: {@link MAX_NAMED_BEFORE} characters back.
 */
function namedBefore(text: string, from: number, start: number, end: number, kind: number, defaultCountry: CountryCode): number {
  if (kind === 0 || (kind & ID) !== 0) return -1;
  let close = end;
  while (close < text.length && close - end < 4 && (text.charCodeAt(close) === 46 || isSpace(text.charCodeAt(close)))) close++;
  if (text.charCodeAt(close) !== 41) return -1;
  let open = start;
  while (open > from && start - open < 4 && isSpace(text.charCodeAt(open - 1))) open--;
  if (text.charCodeAt(open - 1) !== 40) return -1;
  open--;
  let digit = open;
  while (digit > from && open - digit < 4 && isSpace(text.charCodeAt(digit - 1))) digit--;
  const d = text.charCodeAt(digit - 1);
  if (!(isAsciiDigit(d) || (d >= 0x660 && d <= 0x669) || (d >= 0x6f0 && d <= 0x6f9)) || DESK.test(text.slice(start, end))) return -1;
  const limit = Math.max(from, open - MAX_NAMED_BEFORE);
  // Back from the bracket, separator by separator, to the first stretch holding a whole number (a second ending '/ 89' alone is none).
  for (let at = open - 1; at >= limit; at--) {
    if (at === limit ? limit !== from : !separatesNumbers(text, at)) continue;
    if (phonesBetween(text, at, open, defaultCountry).length > 0) return at;
  }
  return -1;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 0xa0;
}

/** Farthest a label awaiting its number reaches past a field's name (see {@link readNumbers}). */
const MAX_AWAITING = 200;

/** Farthest a field's number on its own line is looked for: its line's end, or this many characters on. */
const MAX_FIELD_LINE = 200;

/** Where the line holding `from` ends (a line break), at most {@link MAX_FIELD_LINE} characters on. */
function lineEndAfter(text: string, from: number): number {
  const limit = Math.min(text.length, from + MAX_FIELD_LINE);
  for (let i = from; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i;
  }
  return limit;
}

/** Characters looked at after a field's colon for its number ({@link numberFollows}). */
const MAX_FIELD_NUMBER = 24;

/** Whether a phone number's digits (eight or more before a letter) follow `at`: '0794.86.91.54', '+213 (0) 21 …', not '08h00'. */
function numberFollows(text: string, at: number): boolean {
  let digits = 0;
  for (let i = at; i < Math.min(text.length, at + MAX_FIELD_NUMBER); i++) {
    const c = text.charCodeAt(i);
    if (isAnyDigit(c)) {
      if (++digits >= 8) return true;
    } else if (isLatinLetter(c) || c === 10 || c === 13) return false;
  }
  return false;
}

/** Longest field name read alone on its line. */
const MAX_FIELD_NAME = 60;

/**
 * The lines of a text that only name a field ('Chef de chantier :', 'Contact :'): a few words
 * without digits, ending with their colon, the value on the next line, or on the same line when
 * a number begins right after the colon ('Service après-vente : 0794 …', 'Service livraison
 * chantier : 0771 …': a shop's line named by what it serves, typed in its description), there
 * also when it opens a sentence inside the line ('… dans toute la wilaya. Showroom : 037 …': a
 * store's description typed as one paragraph). A field's number is a phone (a fax is named by its label word,
 * 'Commandes par fax : …'); the line ends the reach of the label before it ('Fax :' of the column before).
 * As flat [start, end, line end] triples, in order: the line's end (at most {@link MAX_FIELD_LINE}
 * characters on) for a field with its number on its line, -1 for one alone on its line.
 */
function fieldLines(text: string): number[] {
  const out: number[] = [];
  let colon = text.indexOf(':');
  while (colon !== -1) {
    let after = colon + 1;
    while (text.charCodeAt(after) === 32 || text.charCodeAt(after) === 9 || text.charCodeAt(after) === 0xa0) after++;
    const c = text.charCodeAt(after);
    // (A number begins: '0', '+' or an Arabic-Indic zero.)
    const alone = c === 10 || c === 13;
    // (A number begins: '0', '+' or an Arabic-Indic zero, and goes on as one: '08h00 - 17h00' is an hour.)
    if (alone || ((c === 48 || c === 43 || c === 0x660 || c === 0x6f0) && numberFollows(text, after))) {
      let start = colon;
      let letters = 0;
      let sentence = false;
      while (start > 0 && colon - start <= MAX_FIELD_NAME) {
        const p = text.charCodeAt(start - 1);
        if (p === 10 || p === 13 || p === 58 || (p >= 48 && p <= 57) || (p >= 0x660 && p <= 0x669)) break;
        // (A sentence's end, '. ', '! ', '? ', inside the line: a field with its number may open the next sentence.)
        if (!alone && (p === 46 || p === 33 || p === 63) && isSpace(text.charCodeAt(start))) {
          sentence = opensSentence(text, start, colon);
          break;
        }
        if (isLatinLetter(p) || (p >= 0x600 && p <= 0x6ff)) letters++;
        start--;
      }
      const lineStart = start === 0 || text.charCodeAt(start - 1) === 10 || text.charCodeAt(start - 1) === 13;
      if ((lineStart || sentence) && letters > 0) out.push(start, colon + 1, alone ? -1 : lineEndAfter(text, after));
    }
    colon = text.indexOf(':', colon + 1);
  }
  return out;
}

/**
 * Whether the words between `from` (past a sentence's end) and `to` open a sentence: their first
 * letter a capital ('… toute la wilaya. Showroom : 037 …'), not a phrase going on ('n. tél').
 */
function opensSentence(text: string, from: number, to: number): boolean {
  let i = from;
  while (i < to && isSpace(text.charCodeAt(i))) i++;
  const c = text.charAt(i);
  return i < to && c !== c.toLowerCase();
}

/**
 * The mobile numbers of a fax label's reach written on a later line than its first numbers
 * ('Fax : 027 92 65 24' then '0664 13 54 87' under it): an entry's mobile written last, without
 * a label, not a second fax (a fax is a fixed line; a fixed number under the fax goes on with it).
 * The label's own line, or the first line of numbers under a label alone on its line, is its.
 */
function mobilesBelow(reach: string, defaultCountry: CountryCode): ReadonlySet<string> {
  const out = new Set<string>();
  let first = true;
  for (const line of reach.split(/\r\n?|\n/)) {
    const numbers = findPhones(line, defaultCountry);
    if (numbers.length === 0) continue;
    if (!first) for (const n of numbers) if (parsePhoneNumberFromString(n)?.getType() === 'MOBILE') out.add(n);
    first = false;
  }
  return out;
}

/**
 * Where a line of words (letters, no digit) begins after the first digit of `text` between
 * `from` and `to`, else `to`: a fax label's numbers end there ('Fax : 027 …', then a review, a
 * map's link, and the company's number in its sidebar). One pass over the span.
 */
function wordsLineAfterNumbers(text: string, from: number, to: number): number {
  let i = from;
  while (i < to && !isAnyDigit(text.charCodeAt(i))) i++;
  // From the end of the first number's line, line by line, never past `to` (one pass over the span).
  while (i < to && !isLineEnd(text.charCodeAt(i))) i++;
  while (i < to) {
    const start = ++i;
    let digit = false;
    let letters = 0;
    for (; i < to && !isLineEnd(text.charCodeAt(i)); i++) {
      const c = text.charCodeAt(i);
      if (isAnyDigit(c)) digit = true;
      else if (isLatinLetter(c) || (c >= 0x600 && c <= 0x6ff)) letters++;
    }
    // (A connective alone, 'ou', 'et', 'or', 'و', joins two numbers of the label: no line of words.)
    if (!digit && letters >= MIN_WORDS_LINE && !CONNECTIVE_LINE.test(text.slice(start, Math.min(i, start + 20)))) return start;
  }
  return to;
}

/** Fewest letters of a line of words that ends a fax label's reach ({@link wordsLineAfterNumbers}). */
const MIN_WORDS_LINE = 3;
/** A line that is only a connective between two numbers: 'ou', 'et', 'or', 'and', 'و', 'أو', with its punctuation. */
const CONNECTIVE_LINE = /^[\s,;/–—-]*(?:ou|et|or|and|و|أو|او)[\s,;/–—:-]*$/iu;

function isLineEnd(code: number): boolean {
  return code === 10 || code === 13;
}

function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isLatinLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0xc0 && code <= 0x24f);
}

/** Asset file extensions that look like top-level domains in 'logo@2x.png'. */
const NOT_TLDS = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif', 'bmp', 'ico', 'css', 'js', 'mjs', 'map', 'json', 'pdf']);

/** local@domain.tld: a dot-atom local part, domain labels of letters, digits and inner hyphens, a TLD of 2+ letters. */
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+([a-z]{2,})$/;

/**
 * A normalised e-mail address (trimmed, lower-cased), or undefined unless it looks like
 * local@domain.tld: no spaces, no empty or dotted-at-the-end parts, a top-level domain of at
 * least two letters, local part <= 64 and total <= 254 characters. A leading 'mailto:' and a
 * trailing '?subject=...' query are removed; asset names like 'logo@2x.png' are refused.
 */
export function normalizeEmail(text: string): string | undefined {
  if (typeof text !== 'string' || text.length > 1000) return undefined;
  const email = text.trim().replace(/^mailto:/i, '').replace(/\?.*$/s, '').trim().toLowerCase();
  // Checked before the pattern runs: the pattern then only ever sees 254 characters.
  if (email.length > 254) return undefined;
  const match = EMAIL.exec(email);
  if (!match || NOT_TLDS.has(match[1])) return undefined;
  return email.indexOf('@') <= 64 ? email : undefined;
}

/** '[at]', '(at)', '{at}' (also 'arobase', '@'), with or without a space around, once whitespace is collapsed. */
const OBFUSCATED_AT = / ?[[({] ?(?:at|arobase|@) ?[\])}] ?/gi;
/** '[dot]', '(dot)', '{dot}' (also 'point'), likewise: an obfuscated '.'. */
const OBFUSCATED_DOT = / ?[[({] ?(?:dot|point) ?[\])}] ?/gi;
/**
 * 'contact arobase batiplus point dz': the French words for '@' and '.', spelled out. Read only
 * in that whole shape (a local part, ' arobase ', labels joined by ' point ' or '.', ending in a
 * common top-level domain), so prose using 'point' is not turned into an address. Every part is
 * bounded, so the pattern is linear.
 */
const SPELLED_EMAIL = /(?<![a-z0-9._%+-])([a-z0-9._%+-]{1,64}) arobase ((?:[a-z0-9-]{1,63}(?: point |\.)){1,4}(?:dz|com|net|org|fr|info|biz|eu|co|io))(?![a-z0-9-])/gi;
/**
 * 'contact AT batiplus DOT dz': the English words for '@' and '.' spelled out in capitals, as
 * words of their own. Read only in that whole shape and case (prose writes 'at' and 'dot' in
 * lower case), ending in a common top-level domain. Every part is bounded: linear.
 */
const CAPITAL_EMAIL = /(?<![A-Za-z0-9._%+-])([A-Za-z0-9._%+-]{1,64}) AT ((?:[A-Za-z0-9-]{1,63}(?: DOT |\.)){1,4}(?:dz|com|net|org|fr|info|biz|eu|co|io))(?![A-Za-z0-9-])/g;
/** What any written address holds: an '@', its entity, a bracketed or spelled-out 'at', Cloudflare's attribute. */
const MAYBE_EMAIL = /@|&#0{0,8}64;|&#x0{0,8}40;|&commat;|arobase|[[({] ?at ?[\])}]|cfemail|email-protection/i;
/** A capital 'AT' between spaces ({@link CAPITAL_EMAIL}). */
const CAPITAL_AT = /\sAT\s/;
/** Cloudflare-protected addresses in HTML: data-cfemail="…" and /cdn-cgi/l/email-protection#…. */
const CF_EMAIL = /(?:data-cfemail\s{0,20}=\s{0,20}["']?|email-protection#)([0-9a-f]{4,512})/gi;

/**
 * Every e-mail address in a free text (or HTML), lower-cased, de-duplicated, in order of
 * appearance. Reads the bracketed obfuscations 'contact [at] x [dot] dz', 'contact(at)x.dz',
 * '{at}', '(dot)', '(arobase)', the spelled-out 'contact arobase x point dz' and 'contact AT x DOT dz', HTML '&#64;' /
 * '&commat;', and decodes Cloudflare's data-cfemail. To stay conservative, bare ' at ' /
 * ' dot ' and spaces around a plain '@' are not read.
 */
export function findEmails(text: string): string[] {
  if (typeof text !== 'string') return [];
  const capitals = CAPITAL_AT.test(text);
  if (!capitals && !MAYBE_EMAIL.test(text)) return [];
  const found = new Set<string>();
  for (const [, hex] of text.matchAll(CF_EMAIL)) {
    const email = normalizeEmail(decodeCfEmail(hex) ?? '');
    if (email) found.add(email);
  }
  // Each rewriting only where it can apply (they are linear, but a page has many entries).
  // Whitespace matters only to the obfuscations (' [at] ', ' arobase '): an address's characters
  // never include it, so a text without them is read as it is (collapsing a whole entry's raw
  // HTML was most of the cost).
  // (Collapsing whitespace and reading entities as '@' and '.' neither make nor remove a bracket
  // or an 'arobase': the text is looked at for them once. A bracketed '(arobase)' read as '@' may
  // remove the last 'arobase', so it is looked for again after that.)
  const brackets = /[[({]/.test(text);
  const spelled = /arobase/i.test(text);
  let plain = brackets || spelled || capitals ? collapse(text) : text;
  if (plain.includes('&')) plain = plain.replace(/&#0{0,8}64;|&#x0{0,8}40;|&commat;/gi, '@').replace(/&#0{0,8}46;|&#x0{0,8}2e;|&period;/gi, '.');
  if (brackets) plain = plain.replace(OBFUSCATED_AT, '@').replace(OBFUSCATED_DOT, '.');
  if (spelled && (!brackets || /arobase/i.test(plain))) plain = plain.replace(SPELLED_EMAIL, (_, local: string, domain: string) => `${local}@${domain.replace(/ point /gi, '.')}`);
  if (capitals) plain = plain.replace(CAPITAL_EMAIL, (_, local: string, domain: string) => `${local}@${domain.replace(/ DOT /g, '.')}`);
  for (const email of addressesAroundAts(plain)) found.add(email);
  return [...found];
}

/** [a-z0-9._%+-], either case: the characters of a local part looked for (ASCII only, as /[a-z0-9._%+-]/i was). */
function isLocalChar(c: number): boolean {
  return isAsciiAlnum(c) || c === 46 || c === 95 || c === 37 || c === 43 || c === 45;
}

/** [a-z0-9.-], either case: the characters of a domain looked for. */
function isDomainChar(c: number): boolean {
  return isAsciiAlnum(c) || c === 46 || c === 45;
}

function isAsciiAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * The addresses in a text, found from each '@': the local part is the run of address
 * characters before it (at most 64, else none), the domain the run after it (at most 253),
 * dots trimmed at the outer ends, then checked by {@link normalizeEmail}. Each '@' costs at
 * most a few hundred steps, however long the runs of letters around it.
 */
function addressesAroundAts(text: string): string[] {
  const out: string[] = [];
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && at - start <= 64 && isLocalChar(text.charCodeAt(start - 1))) start--;
    if (at - start > 64) continue;
    let end = at + 1;
    while (end < text.length && end - at <= 254 && isDomainChar(text.charCodeAt(end))) end++;
    if (end - at > 254) continue;
    const local = trimDots(text.slice(start, at));
    const domain = text.slice(at + 1, end).replace(/[.-]{1,254}$/, '');
    const email = local && domain ? normalizeEmail(`${local}@${domain}`) : undefined;
    if (email) out.push(email);
  }
  return out;
}

function trimDots(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s[a] === '.') a++;
  while (b > a && s[b - 1] === '.') b--;
  return s.slice(a, b);
}

/** Whitespace runs (non-breaking spaces included) as one space, trimmed: one linear pass. */
function collapse(s: string): string {
  return collapseSpaces(s);
}

/**
 * Decodes Cloudflare's e-mail obfuscation (the hex of `data-cfemail` or of
 * '/cdn-cgi/l/email-protection#…'): the first byte is the key, each following byte XOR the
 * key is a byte of the UTF-8 text. Returns the decoded text (not checked as an e-mail; see
 * {@link normalizeEmail}), or undefined for input that is not such a hex string.
 */
export function decodeCfEmail(hex: string): string | undefined {
  if (typeof hex !== 'string' || hex.length > 1024 || !/^(?:[0-9a-f]{2}){2,}$/i.test(hex)) return undefined;
  const bytes = Buffer.from(hex, 'hex');
  const key = bytes[0];
  const decoded = Buffer.from(bytes.subarray(1).map((b) => b ^ key));
  return decoded.toString('utf8');
}
