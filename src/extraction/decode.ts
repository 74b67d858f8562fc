/**
 * The "decode" stage: the bytes of a fetched page become text, the way a browser decides.
 *
 * Order (WHATWG HTML "determining the character encoding", then its "change the encoding"):
 *  1. a byte order mark (UTF-8, UTF-16LE, UTF-16BE) - it wins over everything;
 *  2. the `charset` of the Content-Type header, when it names a known encoding;
 *  3. the prescan of the first 1024 bytes: `<meta charset>`, `<meta http-equiv=Content-Type
 *     content="...; charset=...">` (and an XML declaration) - steps 1 to 3 are the
 *     `encoding-sniffer` package's implementation of the standard algorithm;
 *  4. nothing declared there: bytes that are valid UTF-8 are UTF-8 (a statistical certainty
 *     for any text that is not pure ASCII; pure ASCII reads the same in every candidate);
 *  5. else a `<meta>` charset declared later in the page (the HTML parser changes the encoding
 *     when it meets one while its guess is tentative, as browsers do);
 *  6. else chardet's statistical guess (windows-1252, windows-1256, ISO-8859-x ...);
 *  7. else windows-1252, the standard's default for these locales.
 *
 * Decoding: TextDecoder for UTF-8 and UTF-16, iconv-lite for the legacy encodings (see
 * {@link decodeAs}); windows-1252 maps each of its 256 bytes to a character as the Encoding
 * Standard does, so valid windows-1252 text never gives U+FFFD. ISO-8859-1 and US-ASCII labels
 * mean windows-1252, as the standard says.
 */
import chardet from 'chardet';
import type * as SnifferModule from 'encoding-sniffer/sniffer' with { 'resolution-mode': 'import' };
import iconv from 'iconv-lite';

// encoding-sniffer ships ES modules only: required as such (Node >= 20.19), typed from its declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ResultType, Sniffer } = require('encoding-sniffer/sniffer') as typeof SnifferModule;

/** Where the encoding came from (see the module comment). */
export type EncodingSource = 'bom' | 'header' | 'meta' | 'utf8' | 'late-meta' | 'guess' | 'default';

export interface Decoded {
  text: string;
  /** The encoding used, by its standard name ('UTF-8', 'windows-1252' ...). */
  encoding: string;
  source: EncodingSource;
}

/** Bytes the prescan reads (the standard's 1024). */
const PRESCAN_BYTES = 1024;
/** Bytes searched for a late `<meta>` declaration. */
const LATE_META_BYTES = 64 * 1024;
/** Bytes chardet reads: enough for its statistics, and about 10 ms (it runs where the fetcher runs). */
const GUESS_BYTES = 16 * 1024;

/** The decoded text of a page and how its encoding was chosen. `contentType` is the header ('' when absent). */
export function decodePage(bytes: Uint8Array, contentType = ''): Decoded {
  const declared = sniff(bytes, PRESCAN_BYTES, charsetOf(contentType));
  if (declared) return { text: decodeAs(bytes, declared.encoding), ...declared };
  const utf8 = strictUtf8(bytes);
  if (utf8 !== undefined) return { text: utf8, encoding: 'UTF-8', source: 'utf8' };
  const late = sniff(bytes.subarray(0, LATE_META_BYTES), LATE_META_BYTES);
  if (late && late.encoding !== 'UTF-8') return { text: decodeAs(bytes, late.encoding), encoding: late.encoding, source: 'late-meta' };
  const guess = guessEncoding(bytes.subarray(0, GUESS_BYTES));
  if (guess) return { text: decodeAs(bytes, guess), encoding: guess, source: 'guess' };
  return { text: decodeAs(bytes, 'windows-1252'), encoding: 'windows-1252', source: 'default' };
}

/** The `charset` parameter of a Content-Type header, unquoted, or undefined. */
export function charsetOf(contentType: string): string | undefined {
  const m = /;\s{0,20}charset\s{0,20}=\s{0,20}(?:"([^"]{1,64})"|([^;,\s"]{1,64}))/i.exec(contentType.length > 1000 ? contentType.slice(0, 1000) : contentType);
  return m ? (m[1] ?? m[2]).trim() : undefined;
}

/** The encoding steps 1 to 3 declare (BOM, transport layer, prescan of `maxBytes`), or undefined when none does. */
function sniff(bytes: Uint8Array, maxBytes: number, header?: string): { encoding: string; source: EncodingSource } | undefined {
  const sniffer = new Sniffer({ maxBytes, transportLayerEncodingLabel: header });
  sniffer.write(bytes.subarray(0, maxBytes));
  switch (sniffer.resultType) {
    case ResultType.BOM:
    case ResultType.XML_PREFIX:
      return { encoding: sniffer.encoding, source: 'bom' };
    case ResultType.PASSED:
      return { encoding: sniffer.encoding, source: 'header' };
    case ResultType.META_TAG:
    case ResultType.XML_ENCODING:
      return { encoding: sniffer.encoding, source: 'meta' };
    default:
      return undefined;
  }
}

/** The text of well-formed UTF-8 bytes (a last character cut by the size cap dropped), or undefined. */
function strictUtf8(bytes: Uint8Array): string | undefined {
  let end = bytes.length;
  // A multi-byte character cut by the end: ignore its first bytes.
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = bytes[end - i];
    if (b < 0x80) break;
    if (b >= 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      if (need > i) end -= i;
      break;
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
  } catch {
    return undefined;
  }
}

/** chardet's best guess as a standard encoding name, or undefined. */
function guessEncoding(bytes: Uint8Array): string | undefined {
  const name = chardet.detect(bytes);
  if (!name) return undefined;
  const label = name.toLowerCase();
  // The standard reads these labels as windows-1252 (a superset).
  if (label === 'iso-8859-1' || label === 'ascii' || label === 'us-ascii') return 'windows-1252';
  return standardName(name) ?? (iconv.encodingExists(name) ? name : undefined);
}

/** The Encoding Standard's name for a label, or undefined when the standard does not know it. */
function standardName(label: string): string | undefined {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

/** Encodings Node's TextDecoder reads as the Encoding Standard says; the others go to iconv-lite. */
const UNICODE = new Set(['UTF-8', 'UTF-16LE', 'UTF-16BE', 'utf-8', 'utf-16le', 'utf-16be']);

/**
 * Decodes bytes in an encoding: the Unicode ones with TextDecoder, legacy ones with iconv-lite
 * (Node's TextDecoder reads windows-1252 as ISO-8859-1: 0x80 would be U+0080, not '€'), an
 * encoding neither knows as UTF-8. windows-1252 follows the Encoding Standard: the five bytes
 * its code page leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) are the C1 characters of the
 * same value, never U+FFFD.
 */
export function decodeAs(bytes: Uint8Array, encoding: string): string {
  const name = standardName(encoding) ?? encoding;
  if (UNICODE.has(name)) return new TextDecoder(name).decode(bytes);
  if (!iconv.encodingExists(name)) return new TextDecoder('utf-8').decode(bytes);
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), name);
  if (name.toLowerCase() !== 'windows-1252' || !text.includes('\uFFFD')) return text;
  // A single-byte encoding: character i is byte i.
  let out = '';
  for (let i = 0; i < text.length; i++) out += text[i] === '\uFFFD' ? String.fromCharCode(bytes[i]) : text[i];
  return out;
}
