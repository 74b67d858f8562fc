/**
 * Phone numbers and e-mail addresses: normalising one value (an imported field) and finding all
 * of them in a free text (a web page, a directory entry). Phones are checked against
 * libphonenumber's full ("max") metadata, so only numbers in assigned ranges are accepted.
 */
import { findNumbers, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { asciiDigits } from './text';

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
  const cleaned = asciiDigits(text).trim();
  if (cleaned === '') return undefined;
  const phone = parsePhoneNumberFromString(cleaned, { defaultCountry });
  return phone?.isValid() ? phone.number : undefined;
}

/**
 * Where a free text is cut before looking for numbers: newlines, ',', ';', '|', '/', and the
 * words or dashes people put between two numbers (' ou ', ' or ', ' et ', ' - ', ' – ').
 * libphonenumber alone would read '0550 12 34 56, 0661 22 33 44' as one number with the
 * extension 0661; a dash only separates when spaced, as '021-23-45-67' is one number.
 */
const PHONE_SEPARATORS = /[\r\n,;|/\\]+|\s+(?:ou|or|et|and|و)\s+|\s+[-\u2010-\u2015]\s+/giu;

/**
 * Every valid phone number in a free text, as E.164, de-duplicated, in order of appearance.
 * The text is first cut on separators (see {@link PHONE_SEPARATORS}), then each piece is
 * searched with libphonenumber's findNumbers for `defaultCountry`, keeping valid numbers only.
 */
export function findPhones(text: string, defaultCountry: CountryCode = 'DZ'): string[] {
  if (typeof text !== 'string') return [];
  const found = new Set<string>();
  for (const piece of asciiDigits(text).split(PHONE_SEPARATORS)) {
    if (!/\d/.test(piece)) continue;
    for (const match of findNumbers(piece, { defaultCountry, v2: true })) {
      if (match.number.isValid()) found.add(match.number.number);
    }
  }
  return [...found];
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
  if (typeof text !== 'string') return undefined;
  const email = text.trim().replace(/^mailto:/i, '').replace(/\?.*$/s, '').trim().toLowerCase();
  if (email.length > 254) return undefined;
  const match = EMAIL.exec(email);
  if (!match || NOT_TLDS.has(match[1])) return undefined;
  return email.indexOf('@') <= 64 ? email : undefined;
}

/** '[at]', '(at)', '{at}' (also 'arobase'), with or without spaces around: an obfuscated '@'. */
const OBFUSCATED_AT = /\s*[[({]\s*(?:at|arobase|@)\s*[\])}]\s*/gi;
/** '[dot]', '(dot)', '{dot}' (also 'point'), with or without spaces around: an obfuscated '.'. */
const OBFUSCATED_DOT = /\s*[[({]\s*(?:dot|point)\s*[\])}]\s*/gi;
/** Candidate addresses in a text, with the usual local-part characters only. */
const EMAIL_IN_TEXT = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;
/** Cloudflare-protected addresses in HTML: data-cfemail="…" and /cdn-cgi/l/email-protection#…. */
const CF_EMAIL = /(?:data-cfemail\s*=\s*["']?|email-protection#)([0-9a-f]{4,})/gi;

/**
 * Every e-mail address in a free text (or HTML), lower-cased, de-duplicated, in order of
 * appearance. Reads the bracketed obfuscations 'contact [at] x [dot] dz', 'contact(at)x.dz',
 * '{at}', '(dot)' and HTML '&#64;' / '&commat;', and decodes Cloudflare's data-cfemail. To
 * stay conservative, bare ' at ' / ' dot ' and spaces around a plain '@' are not read.
 */
export function findEmails(text: string): string[] {
  if (typeof text !== 'string') return [];
  const found = new Set<string>();
  for (const [, hex] of text.matchAll(CF_EMAIL)) {
    const email = normalizeEmail(decodeCfEmail(hex) ?? '');
    if (email) found.add(email);
  }
  const plain = text
    .replace(/&#0*64;|&#x0*40;|&commat;/gi, '@')
    .replace(/&#0*46;|&#x0*2e;|&period;/gi, '.')
    .replace(OBFUSCATED_AT, '@')
    .replace(OBFUSCATED_DOT, '.');
  for (const [candidate] of plain.matchAll(EMAIL_IN_TEXT)) {
    const [local, domain] = candidate.split('@');
    const email = normalizeEmail(`${local.replace(/^[.]+|[.]+$/g, '')}@${domain.replace(/[.-]+$/, '')}`);
    if (email) found.add(email);
  }
  return [...found];
}

/**
 * Decodes Cloudflare's e-mail obfuscation (the hex of `data-cfemail` or of
 * '/cdn-cgi/l/email-protection#…'): the first byte is the key, each following byte XOR the
 * key is a byte of the UTF-8 text. Returns the decoded text (not checked as an e-mail; see
 * {@link normalizeEmail}), or undefined for input that is not such a hex string.
 */
export function decodeCfEmail(hex: string): string | undefined {
  if (typeof hex !== 'string' || !/^(?:[0-9a-f]{2}){2,}$/i.test(hex)) return undefined;
  const bytes = Buffer.from(hex, 'hex');
  const key = bytes[0];
  const decoded = Buffer.from(bytes.subarray(1).map((b) => b ^ key));
  return decoded.toString('utf8');
}
