/**
 * The decode stage: bytes in, text out. Each case is the bytes a directory could send and the
 * header it sends them with; the text is what a browser would show.
 */
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { charsetOf, decodePage } from '../decode';
import { expectAnswers } from '../../../test/helpers/answers';

const FRENCH = 'Société Générale de Bâtiment — Hydra, Alger. Téléphone : 021 23 45 67. Créée en 1998, l’entreprise réalise des études clés en main.';
// windows-1256 has no Arabic-Indic digits: the numbers are written in ASCII digits, as such pages do.
const ARABIC = 'شركة البناء الجزائرية للأشغال العمومية، الجزائر العاصمة. هاتف 021 23 45 67 شركة ذات مسؤولية محدودة تعمل في البناء';

/** A page of `body` with an optional <meta> at the top, and `filler` bytes of markup before the body. */
function page(body: string, { meta = '', lateMeta = '', filler = 0 } = {}): string {
  return `<!doctype html><html><head>${meta}<title>Annuaire</title><style>${'.c{margin:0}'.repeat(Math.ceil(filler / 12))}</style>${lateMeta}</head><body><h1>${body}</h1></body></html>`;
}

describe('decodePage: the WHATWG order', () => {
  test('a UTF-8 byte order mark wins over a header that says windows-1252', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(page(FRENCH), 'utf8')]);
    expect(decodePage(bytes, 'text/html; charset=windows-1252')).toEqual({ text: page(FRENCH), encoding: 'UTF-8', source: 'bom' });
  });

  test('a UTF-16LE byte order mark', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(page(ARABIC), 'utf16le')]);
    expect(decodePage(bytes, 'text/html')).toEqual({ text: page(ARABIC), encoding: 'UTF-16LE', source: 'bom' });
  });

  test('the Content-Type charset, quoted or not, wins over a <meta> that says otherwise', () => {
    const html = page(FRENCH, { meta: '<meta charset="utf-8">' });
    const bytes = iconv.encode(html, 'windows-1252');
    expect(decodePage(bytes, 'text/html; charset=ISO-8859-1')).toEqual({ text: html, encoding: 'windows-1252', source: 'header' });
    expect(decodePage(bytes, 'text/html;charset="windows-1252"').text).toBe(html);
  });

  test('a <meta charset> or http-equiv Content-Type in the first 1024 bytes', () => {
    const html = page(ARABIC, { meta: '<meta charset="windows-1256">' });
    expect(decodePage(iconv.encode(html, 'windows-1256'), 'text/html')).toEqual({ text: html, encoding: 'windows-1256', source: 'meta' });
    const equiv = page(FRENCH, { meta: '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">' });
    expect(decodePage(iconv.encode(equiv, 'windows-1252'), '')).toEqual({ text: equiv, encoding: 'windows-1252', source: 'meta' });
  });

  test('a charset the header names but nobody knows is ignored: the <meta> decides', () => {
    const html = page(FRENCH, { meta: '<meta charset="windows-1252">' });
    expect(decodePage(iconv.encode(html, 'windows-1252'), 'text/html; charset=klingon')).toMatchObject({ text: html, source: 'meta' });
  });

  test('nothing declared and valid UTF-8: UTF-8, even cut in the middle of a character by the size cap', () => {
    const bytes = Buffer.from(page(ARABIC), 'utf8');
    expect(decodePage(bytes)).toEqual({ text: page(ARABIC), encoding: 'UTF-8', source: 'utf8' });
    const cut = Buffer.from('<p>Béjaïa – بجاية', 'utf8');
    expect(decodePage(cut.subarray(0, cut.length - 1))).toMatchObject({ encoding: 'UTF-8', source: 'utf8' });
  });

  test('windows-1252 declared after the first 1024 bytes: read right, no U+FFFD in the names', () => {
    const html = page(FRENCH, { lateMeta: '<meta http-equiv="content-type" content="text/html; charset=windows-1252">', filler: 3000 });
    expect(html.indexOf('charset=windows-1252')).toBeGreaterThan(1024);
    const decoded = decodePage(iconv.encode(html, 'windows-1252'), 'text/html');
    expect(decoded).toEqual({ text: html, encoding: 'windows-1252', source: 'late-meta' });
    expect(decoded.text).not.toContain('\uFFFD');
  });

  test('nothing declared anywhere: a statistical guess (French in windows-1252, Arabic in windows-1256)', () => {
    const french = page(FRENCH.repeat(3));
    expect(decodePage(iconv.encode(french, 'windows-1252'), 'text/html')).toEqual({ text: french, encoding: 'windows-1252', source: 'guess' });
    const arabic = page(ARABIC.repeat(3));
    expect(decodePage(iconv.encode(arabic, 'windows-1256'), 'text/html')).toEqual({ text: arabic, encoding: 'windows-1256', source: 'guess' });
  });

  test('pure ASCII reads the same whatever is guessed', () => {
    const html = page('SARL Numidia Conseil - 021 23 45 67');
    expect(decodePage(Buffer.from(html, 'latin1')).text).toBe(html);
  });
});

describe('decodePage: windows-1252 is decoded as the Encoding Standard says', () => {
  test('every byte 0x80..0xFF declared windows-1252 is a character, never U+FFFD (0x81, 0x8D, 0x8F, 0x90, 0x9D included)', () => {
    const bytes = Buffer.from(Array.from({ length: 128 }, (_, i) => 0x80 + i));
    const { text } = decodePage(bytes, 'text/html; charset=windows-1252');
    expect(text).toHaveLength(128);
    expect(text).not.toContain('\uFFFD');
    expect(text.slice(0, 1)).toBe('€');
    expect(text.charCodeAt(1)).toBe(0x81);
  });

  test('property: any bytes declared windows-1252 (by header, early or late <meta>) decode without U+FFFD', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.constantFrom('header', 'meta', 'late'), (body, where) => {
        const head = where === 'meta' ? '<meta charset="windows-1252">' : '';
        const late = where === 'late' ? `${' '.repeat(1100)}<meta charset="windows-1252">` : '';
        const bytes = Buffer.concat([Buffer.from(`<html><head>${head}${late}</head><body>`, 'latin1'), Buffer.from(body)]);
        const decoded = decodePage(bytes, where === 'header' ? 'text/html; charset=windows-1252' : 'text/html');
        // Bytes that happen to be valid UTF-8 are read as UTF-8 when only a late <meta> speaks (the parser's guess came first).
        if (decoded.encoding === 'UTF-8') return where === 'late';
        return decoded.encoding === 'windows-1252' && !decoded.text.includes('\uFFFD');
      }),
    );
  });
});

describe('charsetOf', () => {
  test('reads the parameter, quoted or not, and nothing else', () => {
    expectAnswers(charsetOf, [
      ['text/html; charset=UTF-8', 'UTF-8'],
      ['text/html;charset="windows-1256"; foo=bar', 'windows-1256'],
      ['text/html', undefined],
      ['text/html; notcharset=utf-8', undefined],
    ]);
  });
});
