import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { algerianNumber, decodeCfEmail, findEmails, findPhones, findPhonesAndFaxes, normalizeEmail, normalizePhone, readNumbers, withContactMemo } from '../contacts';
import { asciiDigits, collapseSpaces, fold, matchKey, normalizeCompanyName, words } from '../text';
import { cpuMs, expectCpuWithin } from '../../../test/helpers/cpuTime';
import { expectAnswers } from '../../../test/helpers/answers';

/** Cloudflare's encoding, written here independently of the decoder: key byte, then each UTF-8 byte XOR key. */
function cfEncode(email: string, key: number): string {
  return [key, ...Buffer.from(email, 'utf8').map((b) => b ^ key)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A normalizer's cases: each input it reads, with its normal form; then inputs it refuses. */
function normalizerCases(normalize: (input: string) => string | undefined, read: [string, string][], refused: string[]): void {
  test.each(read)('%j -> %s', (input, normal) => {
    expect(normalize(input)).toBe(normal);
  });
  test.each(refused)('%j is rejected', (input) => {
    expect(normalize(input)).toBeUndefined();
  });
}

describe('normalizePhone', () => {
  normalizerCases(
    normalizePhone,
    [
      ['0550 12 34 56', '+213550123456'],
      ['0550.12.34.56', '+213550123456'],
      ['0550-12-34-56', '+213550123456'],
      ['0550123456', '+213550123456'],
      ['+213 550 12 34 56', '+213550123456'],
      ['+213 (0)550 12 34 56', '+213550123456'],
      ['+213 (0) 550 12 34 56', '+213550123456'],
      ['00213 550 12 34 56', '+213550123456'],
      ['00213550123456', '+213550123456'],
      ['213550123456', '+213550123456'],
      ['٠٥٥٠١٢٣٤٥٦', '+213550123456'],
      ['۰۵۵۰۱۲۳۴۵۶', '+213550123456'],
      ['٠٥٥٠ ١٢ ٣٤ ٥٦', '+213550123456'],
      ['0661 22 33 44', '+213661223344'],
      ['0771 23 45 67', '+213771234567'],
      ['021 23 45 67', '+21321234567'],
      ['021.23.45.67', '+21321234567'],
      ['021-23-45-67', '+21321234567'],
      ['+213 (0) 21 23 45 67', '+21321234567'],
      ['+213 21 23 45 67', '+21321234567'],
      ['031 92 12 34', '+21331921234'],
      ['041 33 44 55', '+21341334455'],
      ['  Tél : 0550 12 34 56 ', '+213550123456'],
      ['+33 1 42 68 53 00', '+33142685300'],
    ],
    [
      '', '   ', 'abc', '0123', '0000000000', '00000000', '0550 12 34', '0550 12 34 567', '021 23 45 6',
      // prefixes the DZ metadata does not assign: 050-053, 057-059, 070-076 mobiles, 042/047 fixed, 08x/09x
      '0500 12 34 56', '0530 12 34 56', '0570 12 34 56', '0700 12 34 56', '0750 12 34 56',
      '042 12 34 56', '047 12 34 56', '0850 12 34 56', '0950 12 34 56',
      '+213 0 12', '+999 550 12 34 56',
    ],
  );

  test('a field holding two numbers is not one number: use findPhones', () => {
    expect(normalizePhone('0550 12 34 56, 0661 22 33 44')).toBeUndefined();
  });

  test('the shortcuts before libphonenumber (fewer than two digits, a letter no extension has, the memory of a page) answer what libphonenumber answers', () => {
    // Numbers with words, labels, extensions and punctuation put in them, from a fixed seed.
    const bits = ['0', '5', '9', ' ', '-', '.', '(', ')', '+', '#', 'x', 'ext', 'ext.', 'int', 'anexo', 'Fax', 'Tél', 'F', 'a', ':', ';', '/', '–', '٥', '５', ',', '~', '@', 'B', 'z'];
    let seed = 12;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const texts: string[] = ['', 'a', '5', 'Fax', '0550 12 34 56 Fax', 'Tél : 0550 12 34 56', 'Tél : 0550 12 34 56 – Fax : 021 23 45 67', '021 23 45 67 ext. 12', '021 23 45 67 int 12', 'tel:+213-21-23-45-67;phone-context=+213'];
    for (let n = 0; n < 4000; n++) {
      let t = ['0550 12 34 56', '021 23 45 67', '+213 661 22 33 44', '0770123456'][n % 4];
      for (let k = 0; k <= n % 3; k++) {
        const at = next(t.length + 1);
        t = t.slice(0, at) + bits[next(bits.length)] + t.slice(at);
      }
      texts.push(t);
    }
    const reference = (t: string) => {
      const cleaned = asciiDigits(t).replace(/\s+/g, ' ').trim();
      const phone = cleaned === '' ? undefined : parsePhoneNumberFromString(cleaned, { defaultCountry: 'DZ' });
      return phone?.isValid() ? phone.number : undefined;
    };
    const expected = texts.map(reference);
    expect(expected.filter(Boolean).length).toBeGreaterThan(500);
    expect(texts.map((t) => normalizePhone(t))).toEqual(expected);
    // Twice inside one page's memory: the second answers come from it.
    expect(withContactMemo(() => [...texts, ...texts].map((t) => normalizePhone(t)))).toEqual([...expected, ...expected]);
  });

  test('another default country', () => {
    expect(normalizePhone('01 42 68 53 00', 'FR')).toBe('+33142685300');
    expect(normalizePhone('01 42 68 53 00')).toBeUndefined();
  });
});

describe('findPhones', () => {
  test('numbers separated by a comma are two numbers, not a number and an extension', () => {
    expect(findPhones('0550 12 34 56, 0661 22 33 44')).toEqual(['+213550123456', '+213661223344']);
    expect(findPhones('0550 12 34 56,0661 22 33 44')).toEqual(['+213550123456', '+213661223344']);
  });

  test('the usual separators, de-duplicated, in order', () => {
    const text = 'Tél/Fax : 021 23 45 67 / 021 23 45 68 - Mob : 0550 12 34 56 ou 0661 22 33 44\n+213 550 12 34 56; 0771.23.45.67 | 0550123456';
    expect(findPhones(text)).toEqual(['+21321234567', '+21321234568', '+213550123456', '+213661223344', '+213771234567']);
  });

  test('a hyphenated number is not cut, a spaced dash separates', () => {
    expect(findPhones('021-23-45-67')).toEqual(['+21321234567']);
    expect(findPhones('0550 12 34 56 - 0661 22 33 44')).toEqual(['+213550123456', '+213661223344']);
    expect(findPhones('0550 12 34 56 – 0661 22 33 44')).toEqual(['+213550123456', '+213661223344']);
  });

  test('numbers separated only by spaces are each read: "0550 12 34 56 0661 23 45 67"', () => {
    expect(findPhones('Tél : 0550 12 34 56 0661 23 45 67')).toEqual(['+213550123456', '+213661234567']);
    expect(findPhones('Tél : 0550 12 34 56   0661 23 45 67')).toEqual(['+213550123456', '+213661234567']);
    expect(findPhones('Tél : 021 23 45 67 0550 12 34 56')).toEqual(['+21321234567', '+213550123456']);
    expect(findPhones('036 84 12 34 036 84 12 35 0770 11 22 33')).toEqual(['+21336841234', '+21336841235', '+213770112233']);
    expect(findPhones('+213 550 12 34 56 +213 661 23 45 67')).toEqual(['+213550123456', '+213661234567']);
    expect(findPhonesAndFaxes('Fax : 036 84 12 34 036 84 12 35')).toEqual({ phones: [], faxes: ['+21336841234', '+21336841235'] });
    // Digits that do not all make numbers stay unread (an identifier is not cut into phones).
    expect(findPhones('NIF 0550 12 34 56 0661 23 45 67 8')).toEqual([]);
    expect(findPhones('0550 12 34 56 0661')).toEqual([]);
  });

  test('Arabic-Indic digits and "و" between numbers', () => {
    expect(findPhones('الهاتف: ٠٥٥٠١٢٣٤٥٦ و ٠٦٦١٢٢٣٣٤٤')).toEqual(['+213550123456', '+213661223344']);
  });

  test("an amount's decimal comma ('25 520 991,50') makes no number; two numbers joined by a comma are both read ('0550 123 456,05 51 20 33 17')", () => {
    expect(findPhones('Montant : 25 520 991,50 DA')).toEqual([]);
    expect(findPhones('Offre : 1 250,00')).toEqual([]);
    expect(findPhones('Tél : 0550 123 456,05 51 20 33 17')).toEqual(['+213550123456', '+213551203317']);
    expect(findPhones('Tél : 021 23 45 67,0661 22 33 44')).toEqual(['+21321234567', '+213661223344']);
  });

  test('registration numbers, amounts, dates and impossible numbers are not phones', () => {
    const text = 'RC : 16/00-0961234B12 - NIF : 000216096123456 - Capital 1.000.000 DA - créée le 12/05/2020 - Tél : 0123 / 0000000000';
    expect(findPhones(text)).toEqual([]);
    expect(findPhones('')).toEqual([]);
  });

  test('a number right after a closing bracket (a contact\'s role) is read: "M. Sekkal (DG) 0770 13 58 22"', () => {
    expect(findPhones('M. SEKKAL Omar (DG) 0770 13 58 22 ; M. ZIANI Fethi (Commercial) 0551 46 09 71')).toEqual(['+213770135822', '+213551460971']);
    expect(findPhones('Gérant (M. Hamdi) 041.53.12.56')).toEqual(['+21341531256']);
    expect(findPhones('(021) 23 45 67')).toEqual(['+21321234567']);
  });

  test('a fixed line\'s other lines written by their last two digits, in any order: "041 24 33 97/26"; a mobile\'s only above it; "24h/24" is no line', () => {
    expect(findPhones('041 24 33 97/26')).toEqual(['+21341243397', '+21341243326']);
    expect(findPhones('041 44 29 67 / 49 / 52')).toEqual(['+21341442967', '+21341442949', '+21341442952']);
    expect(findPhones('041 44 29 67 / 49 / 67')).toEqual(['+21341442967', '+21341442949']);
    expect(findPhones('0661 27 43 91 / 11')).toEqual(['+213661274391']);
    expect(findPhones('Tél : 021 45 67 89 / 24h/24')).toEqual(['+21321456789']);
  });

  test("a calendar date written with dashes or dots ('2021-11-09', '09.11.2021', '09-11-2021') is no number; a number written in dashed or dotted pairs still is", () => {
    for (const date of ['2021-11-09', 'agréé le 2021-11-09', '09.11.2021', 'du 09-11-2021', '1998.03.27']) expect(findPhones(date)).toEqual([]);
    expect(findPhones('Date : 2021-11-09 — Tél : 036 87 12 45')).toEqual(['+21336871245']);
    expect(findPhones('036-87-12-45')).toEqual(['+21336871245']);
    expect(findPhones('036.87.12.45')).toEqual(['+21336871245']);
  });
});

describe('normalizeEmail', () => {
  normalizerCases(
    normalizeEmail,
    [
      ['contact@numidia.dz', 'contact@numidia.dz'],
      ['  Contact@Numidia.DZ ', 'contact@numidia.dz'],
      ['mailto:Sales@Numidia.dz', 'sales@numidia.dz'],
      ['MAILTO:sales@numidia.dz?subject=Devis&body=Bonjour', 'sales@numidia.dz'],
      ['first.last+tag@sub.example.com.dz', 'first.last+tag@sub.example.com.dz'],
      ['info@sarl-numidia.dz', 'info@sarl-numidia.dz'],
    ],
    [
      '', 'contact', 'contact@', '@numidia.dz', 'contact@numidia', 'contact@numidia.d', 'contact@numidia.12',
      'con tact@numidia.dz', 'contact@numi dia.dz', '.contact@numidia.dz', 'contact.@numidia.dz', 'con..tact@numidia.dz',
      'contact@-numidia.dz', 'contact@numidia-.dz', 'contact@numidia..dz', 'contact@numidia.dz.', 'a@b@numidia.dz',
      'logo@2x.png', `${'a'.repeat(65)}@numidia.dz`, `a@${'b'.repeat(250)}.dz`,
    ],
  );
});

describe('findEmails', () => {
  test('plain addresses in a text, lower-cased, de-duplicated, without trailing punctuation', () => {
    const text = 'Écrivez à Contact@Numidia.dz. Ventes : (ventes@numidia.dz), ou contact@numidia.dz !';
    expect(findEmails(text)).toEqual(['contact@numidia.dz', 'ventes@numidia.dz']);
  });

  test('bracketed obfuscations', () => {
    expect(findEmails('contact [at] sarl-numidia [dot] dz')).toEqual(['contact@sarl-numidia.dz']);
    expect(findEmails('contact(at)x.dz')).toEqual(['contact@x.dz']);
    expect(findEmails('contact {at} x {dot} dz')).toEqual(['contact@x.dz']);
    expect(findEmails('contact (AT) x (DOT) com (dot) dz')).toEqual(['contact@x.com.dz']);
    expect(findEmails('contact[arobase]x[point]dz')).toEqual(['contact@x.dz']);
    expect(findEmails('contact&#64;x.dz, info&#x40;x.dz')).toEqual(['contact@x.dz', 'info@x.dz']);
  });

  test('bare " at " / " dot " is not read', () => {
    expect(findEmails('rendez-vous at numidia dot dz')).toEqual([]);
  });

  test('mailto links and asset names in HTML', () => {
    const html = '<a href="mailto:Sales@Numidia.dz?subject=Devis">Écrire</a><img src="/img/logo@2x.png">';
    expect(findEmails(html)).toEqual(['sales@numidia.dz']);
  });

  test('Cloudflare-protected addresses in HTML', () => {
    const hex = cfEncode('contact@sarl-numidia.dz', 0x5a);
    const html = `<a href="/cdn-cgi/l/email-protection" class="__cf_email__" data-cfemail="${hex}">[email&#160;protected]</a>
      <a href="/cdn-cgi/l/email-protection#${cfEncode('info@numidia.dz', 0x21)}">Écrire</a>`;
    expect(findEmails(html)).toEqual(['contact@sarl-numidia.dz', 'info@numidia.dz']);
  });

  test('nothing to find', () => {
    expect(findEmails('')).toEqual([]);
    expect(findEmails('Pas d’adresse ici, @numidia sur Instagram')).toEqual([]);
  });
});

describe('decodeCfEmail', () => {
  test('a fixed vector (key 0x5a)', () => {
    expect(decodeCfEmail('5a3935342e3b392e1a293b283677342f37333e333b743e20')).toBe('contact@sarl-numidia.dz');
    expect(cfEncode('contact@sarl-numidia.dz', 0x5a)).toBe('5a3935342e3b392e1a293b283677342f37333e333b743e20');
  });

  test('round trip with any key, UTF-8 included, upper-case hex accepted', () => {
    for (const key of [0x00, 0x13, 0x7f, 0xff]) {
      expect(decodeCfEmail(cfEncode('info@béjaïa-export.dz', key))).toBe('info@béjaïa-export.dz');
    }
    expect(decodeCfEmail('137A7D757C5371D0BA7972D0BC723E766B637C61673D7769')).toBe('info@béjaïa-export.dz');
  });

  test('malformed input is undefined', () => {
    for (const bad of ['', '5a', '5a3', 'zz3935', '5a 39 35']) expect(decodeCfEmail(bad)).toBeUndefined();
  });
});

describe('text', () => {
  test('fold', () => {
    expectAnswers(fold, [
      ['  Béjaïa  ', 'bejaia'],
      ['Tizi-Ouzou', 'tizi ouzou'],
      ["M'Sila", 'm sila'],
      ['M’Sila', 'm sila'],
      ['Mʼ‘`´Sila', 'm sila'],
      ['a‐b–c—d-e_f.g', 'a b c d e f g'],
      ['Œuvre ÆSIR Straße', 'oeuvre aesir strasse'],
      ['ÉLECTRICITÉ\u00a0ET\tGAZ\n', 'electricite et gaz'],
      ['Ça, c’est déjà ça & plus', 'ca, c est deja ca & plus'],
      ['أولاد جلال', 'اولاد جلال'],
    ]);
  });

  test('words and matchKey', () => {
    expect(words('Numidia, Conseil! (Alger)')).toEqual(['numidia', 'conseil', 'alger']);
    expect(words('  ')).toEqual([]);
    expect(matchKey('Transport & Logistique')).toBe('transport et logistique');
  });

  test('asciiDigits', () => {
    expect(asciiDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ 0123')).toBe('0123456789 0123456789 0123');
  });

  test('collapseSpaces gives what the pattern gives (whitespace runs as one space, trimmed), on texts of every whitespace', () => {
    const chars = fc.constantFrom('a', 'é', '1', ' ', '  ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u200a', '\u200b', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u180e', '\u0085', 'ال');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 12 }).map((a) => a.join('')), (text) => {
        expect([text, collapseSpaces(text)]).toEqual([text, text.replace(/\s+/g, ' ').trim()]);
      }),
      { numRuns: 20_000 },
    );
    expect(collapseSpaces('SARL Atlas Tech')).toBe('SARL Atlas Tech');
    expect(collapseSpaces(' SARL  Atlas\u00a0\nTech ')).toBe('SARL Atlas Tech');
  });

  test('normalizeCompanyName: legal forms anywhere, dotted or not, give the same key', () => {
    const key = 'numidia conseil';
    for (const name of ['SARL Numidia Conseil', 'Numidia Conseil Sarl', 'S.A.R.L. NUMIDIA CONSEIL', 'Numidia Conseil, S.A.R.L', 'sarl numidia-conseil', '« Numidia Conseil » SARL']) {
      expect(normalizeCompanyName(name)).toBe(key);
    }
    expectAnswers(normalizeCompanyName, [
      ['EURL Atlas Tech', 'atlas tech'],
      ['E.U.R.L "Atlas Tech"', 'atlas tech'],
      ['S.P.A Sonatrach', 'sonatrach'],
      ['SPA Sonatrach', 'sonatrach'],
      ['SNC Frères Hamdi', 'freres hamdi'],
      ['Hamdi & Cie SCS', 'hamdi cie'],
    ]);
  });

  test('normalizeCompanyName: Ets / Établissements, "&" and "et", leading Entreprise', () => {
    expectAnswers(normalizeCompanyName, [
      ['Ets Benali & Fils', 'benali fils'],
      ['ETS. BENALI ET FILS', 'benali fils'],
      ['Établissements Benali et Fils', 'benali fils'],
      ['Etablissement Benali & Fils', 'benali fils'],
      ['Entreprise Benali', 'benali'],
      ['Benali Entreprise', 'benali entreprise'],
    ]);
  });

  test('normalizeCompanyName: single letters of a dotted acronym are joined, a name made only of legal forms is kept', () => {
    expect(normalizeCompanyName('A.B.C. Informatique')).toBe(normalizeCompanyName('ABC Informatique'));
    expect(normalizeCompanyName("L'Algérienne des Eaux")).toBe('l algerienne des eaux');
    expect(normalizeCompanyName('SARL')).toBe('sarl');
    expect(normalizeCompanyName('')).toBe('');
  });

  test('fold, words and normalizeCompanyName give what their patterns give, on texts of every kind of character', () => {
    // The patterns fold, words and normalizeCompanyName are read in one pass instead of (see text.ts).
    const LIGATURES: Record<string, string> = { 'œ': 'oe', 'æ': 'ae', 'ß': 'ss', 'ø': 'o', 'đ': 'd', 'ł': 'l' };
    const patternFold = (s: string) =>
      s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/[œæßøđł]/g, (c) => LIGATURES[c] ?? c)
        .replace(/[-\u2010\u2011\u2012\u2013\u2014\u2015\u2212'\u2019\u02BC\u2018`\u00B4\u2032\u02BB_.]/g, ' ').replace(/\s+/g, ' ').trim();
    const patternWords = (s: string) => patternFold(s).match(/[\p{L}\p{N}]+/gu) ?? [];
    const patternKey = (s: string) => {
      const tokens: string[] = [];
      let run: string[] = [];
      const flush = () => {
        if (run.length >= 2) tokens.push(run.join(''));
        else tokens.push(...run);
        run = [];
      };
      for (const t of patternWords(s.replace(/&/g, ' '))) {
        if (/^\p{L}$/u.test(t)) run.push(t);
        else {
          flush();
          tokens.push(t);
        }
      }
      flush();
      const kept = tokens.filter((t, i) => !['sarl', 'eurl', 'spa', 'snc', 'scs', 'ets', 'etablissement', 'etablissements'].includes(t) && !['et', 'and'].includes(t) && !(i === 0 && t === 'entreprise'));
      return (kept.length > 0 ? kept : tokens).join(' ');
    };
    const chars = fc.constantFrom(
      'a', 'B', 'é', 'É', 'e\u0301', '1', '٣', ' ', '  ', '\t', '\n', '\u00a0', '\u2028', '\ufeff', '-', '\u2013', '\u2212', "'", '’', 'ʼ', 'ʻ', '`', '´', '_', '.', '&', ',', '!',
      'œ', 'Œ', 'Æ', 'ß', 'ẞ', 'ø', 'Đ', 'ł', 'İ', 'ſ', 'K', 'ǅ', '\u0345', 'ـ', 'ال', 'أ', 'َ', '𝐀', '😀', '\ud800', '\u1fef', 'Ⅻ', '²', 'sarl', 'S', 'A', 'R', 'L', 'et', 'Entreprise', 'ets',
    );
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 14 }).map((a) => a.join('')), (text) => {
        expect([text, fold(text), words(text), normalizeCompanyName(text)]).toEqual([text, patternFold(text), patternWords(text), patternKey(text)]);
      }),
      { numRuns: 30_000 },
    );
  });
});

describe('findPhonesAndFaxes: numbers with their labels', () => {
  test("a desk named after a fax label ('Fax secrétariat :', 'Fax du standard :', 'Fax - Accueil :') keeps the number a fax; the desk alone labels a phone", () => {
    expect(findPhonesAndFaxes('Fax secrétariat : 021 23 45 68')).toEqual({ phones: [], faxes: ['+21321234568'] });
    expect(findPhonesAndFaxes('Tél standard : 021 23 45 67 – Fax du standard : 021 23 45 68')).toEqual({ phones: ['+21321234567'], faxes: ['+21321234568'] });
    expect(findPhonesAndFaxes('Fax - Accueil : 021 23 45 69\nSecrétariat : 0550 12 34 56')).toEqual({ phones: ['+213550123456'], faxes: ['+21321234569'] });
    expect(findPhonesAndFaxes('Fax (réception) : 021 23 45 70')).toEqual({ phones: [], faxes: ['+21321234570'] });
  });

  test('a number labelled fax is a fax, never a phone', () => {
    expect(findPhonesAndFaxes('Tél : 021 23 45 67 – Fax : 021 23 45 68')).toEqual({ phones: ['+21321234567'], faxes: ['+21321234568'] });
    expect(findPhonesAndFaxes('Télécopie: 021 23 45 68\nMobile: 0550 12 34 56')).toEqual({ phones: ['+213550123456'], faxes: ['+21321234568'] });
    expect(findPhonesAndFaxes('هاتف: ٠٥٥٠١٢٣٤٥٦ فاكس: ٠٢١٢٣٤٥٦٨')).toEqual({ phones: ['+213550123456'], faxes: ['+21321234568'] });
  });

  test('labels written together give both kinds: the number is a phone (and a fax)', () => {
    expect(findPhonesAndFaxes('Tél/Fax : 021 23 45 67')).toEqual({ phones: ['+21321234567'], faxes: ['+21321234567'] });
    expect(findPhonesAndFaxes('Tél. et fax 021 23 45 67')).toEqual({ phones: ['+21321234567'], faxes: ['+21321234567'] });
  });

  test('labels written together over several numbers do not say which is the fax: phones only', () => {
    expect(findPhonesAndFaxes('Tél/Fax : 021 23 45 67 – 0550 12 34 56')).toEqual({ phones: ['+21321234567', '+213550123456'], faxes: [] });
    expect(findPhonesAndFaxes('Tél/Fax : 021 23 45 67 / 68\nFax : 021 23 45 69')).toEqual({ phones: ['+21321234567', '+21321234568'], faxes: ['+21321234569'] });
  });

  test('labels join only on one line: a WhatsApp link ending a mobile\'s line does not make the next line\'s fax a phone', () => {
    expect(findPhonesAndFaxes('Mobile : 0550 12 34 56 WhatsApp\nFax : 021 23 45 68')).toEqual({ phones: ['+213550123456'], faxes: ['+21321234568'] });
    expect(findPhonesAndFaxes('Tél :\nFax : 021 23 45 68')).toEqual({ phones: [], faxes: ['+21321234568'] });
  });

  test('a fax label does not reach a mobile on a later line: the entry\'s mobile written last, without a label, is a phone', () => {
    expect(findPhonesAndFaxes('Tél : 027 32 39 49 Fax : 027 92 65 24\n0664 13 54 87')).toEqual({ phones: ['+21327323949', '+213664135487'], faxes: ['+21327926524'] });
    expect(findPhonesAndFaxes('Télécopie : 046 48 06 93\n0779 52 31 80 / 0540 16 72 95')).toEqual({ phones: ['+213779523180', '+213540167295'], faxes: ['+21346480693'] });
    // Its own line is the label's (a mobile there stays a fax, as written), so are the first numbers under a label alone on its line.
    expect(findPhonesAndFaxes('Fax : 027 92 65 24 / 0664 13 54 87')).toEqual({ phones: [], faxes: ['+21327926524', '+213664135487'] });
    expect(findPhonesAndFaxes('Fax :\n0550 12 34 56\n0661 22 33 44')).toEqual({ phones: ['+213661223344'], faxes: ['+213550123456'] });
    // A fixed number on a later line goes on with the fax line.
    expect(findPhonesAndFaxes('Fax : 021 23 45 67\n021 23 45 68')).toEqual({ phones: [], faxes: ['+21321234567', '+21321234568'] });
  });

  test('fields named with their numbers under a fax label alone on its line are faxes; an hour after a colon is no field', () => {
    expect(findPhonesAndFaxes('Télécopie :\nSiège : 021 23 45 67\nUsine : 031 11 22 33')).toEqual({ phones: [], faxes: ['+21321234567', '+21331112233'] });
    expect(findPhonesAndFaxes('Téléphone :\nStandard : 021 23 45 60\nFax :\nDirection générale : 021 23 45 67\nService commercial : 021 23 45 68')).toEqual({
      phones: ['+21321234560'],
      faxes: ['+21321234567', '+21321234568'],
    });
    // A fax with its number, then a desk's line: a phone.
    expect(findPhonesAndFaxes('Fax : 021 23 45 67\nService après-vente : 0794 86 91 54')).toEqual({ phones: ['+213794869154'], faxes: ['+21321234567'] });
    expect(readNumbers('Tél : 021 23 45 67\nOuverture : 08h00 - 17h00\n0550 12 34 56').labelled).toEqual(['+21321234567', '+213550123456']);
  });

  test("a fax label's reach ends at a line of words after its numbers: a number after a review, a map's link or another block's text is no fax", () => {
    expect(readNumbers('Fax : 027 77 20 90\n2 avis\nNadia O.\nTrès sérieux.\nItinéraire\n027 77 20 10')).toEqual({ phones: ['+21327772010'], faxes: ['+21327772090'], labelled: [] });
    expect(readNumbers('الفاكس : 027 77 20 90\nساعات العمل\n027 77 20 10')).toEqual({ phones: ['+21327772010'], faxes: ['+21327772090'], labelled: [] });
    // A connective alone on its line ('ou', 'et') joins two numbers of the label; so does a line of two letters or fewer.
    expect(findPhonesAndFaxes('Fax : 021 23 45 67\nou\n021 23 45 68')).toEqual({ phones: [], faxes: ['+21321234567', '+21321234568'] });
    expect(findPhonesAndFaxes('Fax : 021 23 45 67\r\nHoraires\r\n021 23 45 68')).toEqual({ phones: ['+21321234568'], faxes: ['+21321234567'] });
  });

  test("a fax label's reach is found in one pass: a hostile text of fax labels without a line break reads in linear time", () => {
    const text = 'Fax : 1 '.repeat(320_000);
    const { ms } = cpuMs(() => readNumbers(text));
    expectCpuWithin(ms, 3_000);
  });

  test("a field's name alone on its line ends a number label's reach, known label or not (a table column 'Chef de chantier' after the Fax column)", () => {
    expect(findPhonesAndFaxes('Fax :\n021 23 45 67\nChef de chantier :\n021 23 45 68')).toEqual({ phones: ['+21321234568'], faxes: ['+21321234567'] });
    expect(findPhonesAndFaxes('Télécopie :\n031 11 22 33\nResponsable commercial :\n031 11 22 34\nFax :\n031 11 22 35')).toEqual({ phones: ['+21331112234'], faxes: ['+21331112233', '+21331112235'] });
    // A label still awaiting its number reaches past a field's name (a row's 'Type' cell 'Fax', then its 'Coordonnée' column).
    expect(findPhonesAndFaxes('Type :\nFax bureau\nCoordonnée :\n037 48 87 74\nType :\nTél\nCoordonnée :\n037 48 87 75')).toEqual({ phones: ['+21337488775'], faxes: ['+21337488774'] });
    // A line holding digits is no field's name: the label reaches on.
    expect(findPhonesAndFaxes('Fax :\n021 23 45 67\nBloc 12 :\n021 23 45 68')).toEqual({ phones: [], faxes: ['+21321234567', '+21321234568'] });
    // The field's numbers are phones a label names (read on a company's own page, not only in an entry).
    expect(readNumbers('Tél :\n021 23 45 67\nContact :\n0550 12 34 56')).toEqual({ phones: ['+21321234567', '+213550123456'], faxes: [], labelled: ['+21321234567', '+213550123456'] });
  });

  test("a field named at its line's start with its number after the colon on the same line labels a phone ('Service après-vente : 0794 …'); a label word inside it still says", () => {
    expect(readNumbers('Service après-vente : 0794.86.91.54 (sauf vendredi).').labelled).toEqual(['+213794869154']);
    expect(readNumbers('Boutique à Chéraga.\nService livraison chantier : 0771 46 00 01').labelled).toEqual(['+213771460001']);
    expect(findPhonesAndFaxes('Fax : 021 23 45 67\nService commercial : 0550 12 34 56')).toEqual({ phones: ['+213550123456'], faxes: ['+21321234567'] });
    expect(findPhonesAndFaxes('Commandes par fax : 035 36 39 32')).toEqual({ phones: [], faxes: ['+21335363932'] });
    // Not at its line's start, or a number not right after the colon: no field.
    expect(readNumbers('Livraison rapide, horaires : 8h-17h, 0550 12 34 56').labelled).toEqual([]);
  });

  test("a field named at a sentence's start inside a line, its number right after the colon, labels a phone ('… toute la wilaya. Showroom : 037 …', a store's description typed as one paragraph)", () => {
    expect(readNumbers('E-mail :\ncontact@hamdi.dz\nPièces détachées à Morsott. Livraison dans toute la wilaya. Service après-vente : 0556 83 75 80.').labelled).toEqual(['+213556837580']);
    expect(findPhonesAndFaxes('Motoculture et quads à Hammamet. Showroom : 037 45 56 05. Fax : 037 98 33 69.')).toEqual({ phones: ['+21337455605'], faxes: ['+21337983369'] });
    // A sentence goes on after a comma, and a new one opens with a capital: no field.
    expect(readNumbers('Ouvert 7j/7. horaires : 0550 12 34 56').labelled).toEqual([]);
    expect(readNumbers('Livraison rapide, horaires : 0550 12 34 56').labelled).toEqual([]);
  });

  test("'contactez le …' labels a phone as 'appelez' does", () => {
    expect(readNumbers('Vente en gros et demi-gros pour les revendeurs, contactez le 0790 48 68 27.').labelled).toEqual(['+213790486827']);
  });

  test("hours written right after a number ('(7j/7)', '(24h/24)', '8h30') are not part of it; a number glued to letters still is none", () => {
    expect(findPhones('Tél : 049 80 17 52 (7j/7)')).toEqual(['+21349801752']);
    expect(findPhones('Pharmacie de garde : 021 23 45 67 (24h/24)')).toEqual(['+21321234567']);
    expect(findPhones('Urgences 0661 22 33 44 7j/7 · ouvert dès 8h30')).toEqual(['+213661223344']);
    expect(findPhones('RC0550123456')).toEqual([]);
    expect(findPhones('0550 12 34 56abc')).toEqual([]);
  });

  test('a fax number also written without a label stays a fax; numbers before any label are phones', () => {
    expect(findPhonesAndFaxes('0550 12 34 56 · 021 23 45 68 · Fax 021 23 45 68')).toEqual({ phones: ['+213550123456'], faxes: ['+21321234568'] });
  });

  test('another field\'s label ends a number label\'s reach; numbers after RC / NIF are not read', () => {
    expect(findPhonesAndFaxes('Fax : 036 84 11 23\nEmail : a@b.dz\nHoraires : 8h-16h — Santé Sétif 036 00 00 09')).toEqual({ phones: ['+21336000009'], faxes: ['+21336841123'] });
    expect(findPhonesAndFaxes('Tél : 0550 12 34 56 · N° RC : 16/01-0456789 B 10 · NIF : 001016009988776')).toEqual({ phones: ['+213550123456'], faxes: [] });
  });

  test('pictograms are labels: 📠 a fax, ☎ 📞 📱 a phone, ✉ 📧 end a number label\'s reach', () => {
    expect(findPhonesAndFaxes('📞 0550 12 34 56\n☎️ 021 23 45 67\n📠 021 23 45 68\n✉ a@b.dz 0661 22 33 44')).toEqual({ phones: ['+213550123456', '+21321234567', '+213661223344'], faxes: ['+21321234568'] });
    expect(readNumbers('📱 0550 12 34 56').labelled).toEqual(['+213550123456']);
  });

  test('label words inside other words are not labels', () => {
    // 'Hôtel' holds 'tel', 'Faxien' holds 'fax', 'importable' holds 'portable'.
    expect(findPhonesAndFaxes('Hôtel Faxien, importable 0550 12 34 56')).toEqual({ phones: ['+213550123456'], faxes: [] });
  });
});

describe('findEmails: spelled-out addresses', () => {
  test('"arobase" and "point" in the whole shape of an address', () => {
    expect(findEmails('Écrivez à commercial arobase batiplus point dz')).toEqual(['commercial@batiplus.dz']);
    expect(findEmails('contact arobase sarl-numidia.com.dz')).toEqual(['contact@sarl-numidia.com.dz']);
    expect(findEmails('info (arobase) x (point) dz')).toEqual(['info@x.dz']);
  });

  test('prose with "point" or "arobase" is not an address', () => {
    expect(findEmails('Notre point de vente arobase centre ville, point final')).toEqual([]);
    expect(findEmails('le mot arobase désigne @')).toEqual([]);
  });
});

describe('findEmails: capital AT and DOT', () => {
  test("'x AT y DOT dz' in capitals, in the whole shape of an address, is x@y.dz", () => {
    expect(findEmails('E-mail : khemis.agro AT gmail DOT com')).toEqual(['khemis.agro@gmail.com']);
    expect(findEmails('rouina-dz AT outlook DOT fr ; contact AT oum-elassel DOT dz')).toEqual(['rouina-dz@outlook.fr', 'contact@oum-elassel.dz']);
  });

  test("prose 'at' and 'dot', or capitals not shaped as an address, are no address", () => {
    expect(findEmails('Meet us at the fair, stand dot com')).toEqual([]);
    expect(findEmails('SALON AT ALGER DOT EXPO')).toEqual([]);
  });
});

describe('numbers written as a range, in any order', () => {
  test("a landline's other lines may come in any order ('029 85 62 36/11'); hours ('24h/24') and a mobile's lower suffix make none", () => {
    expect(findPhonesAndFaxes('Tél : 029 85 62 36/11').phones).toEqual(['+21329856236', '+21329856211']);
    expect(findPhonesAndFaxes('Tél : 049 82 71 36/02/19').phones).toEqual(['+21349827136', '+21349827102', '+21349827119']);
    expect(findPhonesAndFaxes('Tél : 023 45 67 89 / 24h/24').phones).toEqual(['+21323456789']);
    expect(findPhonesAndFaxes('Mobile : 0661 27 43 91 / 11').phones).toEqual(['+213661274391']);
    expect(findPhonesAndFaxes('Tél : 021 45 67 89 / 12 / 89').phones).toEqual(['+21321456789', '+21321456712']);
  });

  test("a whole number after the slash ('031 72 44 80 / 05 51 20 33 17', '031724480 / 07 70 18 62 04') is a second number, never a line of the first", () => {
    expect(findPhonesAndFaxes('Tél : 031 72 44 80 / 05 51 20 33 17').phones).toEqual(['+21331724480', '+213551203317']);
    expect(findPhonesAndFaxes('Tél : 031724480 / 07 70 18 62 04').phones).toEqual(['+21331724480', '+213770186204']);
    expect(findPhonesAndFaxes('Tél : 031 72 44 80 / 81 - Fax : 031 72 44 89').phones).toEqual(['+21331724480', '+21331724481']);
  });

  test("a range followed by a whole number after another slash ('038 41 22 60/17 / 0771 20 30 40') keeps its lines and the number", () => {
    expect(findPhonesAndFaxes('038 41 22 60/17 / 0771 20 30 40').phones).toEqual(['+21338412260', '+213771203040', '+21338412217']);
    expect(findPhonesAndFaxes('Tél : 038 41 22 60/61/ 05 52 10 20 30').phones).toEqual(['+21338412260', '+213552102030', '+21338412261']);
    expect(findPhonesAndFaxes('Tél : 038 41 22 60/17/123').phones).toEqual(['+21338412260']);
  });
});

describe('an area code set apart by a slash', () => {
  test("'027/41.63.88', '043 / 52 19 07': one landline, its area code before the slash; a date, a longer run or a mobile make none", () => {
    expect(findPhonesAndFaxes('Tél : 027/41.63.88').phones).toEqual(['+21327416388']);
    expect(findPhonesAndFaxes('Standard 043 / 52 19 07 - Fax : 043/52.19.08')).toEqual({ phones: ['+21343521907'], faxes: ['+21343521908'] });
    expect(findPhonesAndFaxes('Créée le 012/03.04.05 à 10h').phones).toEqual([]);
    expect(findPhonesAndFaxes('Réf. 2019/41.63.88').phones).toEqual([]);
    expect(findPhonesAndFaxes('Code 027/41.63.88.12.5').phones).toEqual([]);
  });
});

describe('a period written as two years', () => {
  test("'la campagne 2024-2025', 'exercice 2019 – 2020' are periods, no number; a number beside them is read", () => {
    expect(findPhonesAndFaxes('pour la campagne 2024-2025. Contact : tél. 0661 20 30 40').phones).toEqual(['+213661203040']);
    expect(findPhonesAndFaxes('Bilan de l\'exercice 2019 – 2020').phones).toEqual([]);
  });
});

describe('readNumbers: a booking number in a sentence', () => {
  test("'Réservez au …', 'Réservations conseillées le week-end au …', 'Pour toute réservation : …' label a phone", () => {
    expect(readNumbers('Réservations conseillées le week-end au 0795 70 95 66.').labelled).toEqual(['+213795709566']);
    expect(readNumbers('Réservez votre séjour au 0770 84 15 62.').labelled).toEqual(['+213770841562']);
    expect(readNumbers('Pour toute réservation de groupe : 0556 93 28 14').labelled).toEqual(['+213556932814']);
    expect(readNumbers('Ouvert depuis 2015, salle de 0661 places').labelled).toEqual([]);
  });
});

describe('hostile texts are read in linear time', () => {
  // Each of these took seconds to minutes with the earlier patterns (backtracking over long
  // runs); they must now come back with the right answer within a CPU-time bound (a synchronous
  // call cannot be stopped by the test's timeout: the time is checked after it).
  const HOSTILE: [string, string][] = [
    ['80,000 spaces around a separator word', `Tél${' '.repeat(80_000)}ou${' '.repeat(80_000)}0550 12 34 56`],
    ['100,000 spaces before an unclosed bracket', `contact${' '.repeat(100_000)}[${' '.repeat(100_000)}at`],
    ['200,000 letters', 'a'.repeat(200_000)],
    ['"a@" 50,000 times', 'a@'.repeat(50_000)],
    ['a dotted run before an @', `${'a.'.repeat(50_000)}@x.dz`],
    ['a dotted domain of 100,000 characters', `x@${'a.'.repeat(50_000)}dz`],
    ['"contact arobase " 10,000 times', 'contact arobase '.repeat(10_000)],
    ['"contact AT " 20,000 times, then " DOT " 50,000 times', `${'contact AT '.repeat(20_000)}${'x DOT '.repeat(50_000)}`],
    ['"Tél/" 20,000 times', `${'Tél/'.repeat(20_000)}0550 12 34 56`],
    ['"031/" 30,000 times', `${'031/'.repeat(30_000)}0550 12 34 56`],
    ['a Cloudflare attribute of 100,000 hex digits', `data-cfemail=${'a'.repeat(100_000)}`],
    ['an entity of 100,000 zeros', `&#${'0'.repeat(100_000)}`],
  ];

  test.each(HOSTILE)('%s', (_, text) => {
    const { ms, result } = cpuMs(() => ({ emails: findEmails(text), ...findPhonesAndFaxes(text), alone: findPhones(text) }));
    expect(result.emails).toEqual([]);
    expect(result.faxes).toEqual([]);
    expect(result.alone).toEqual(result.phones);
    expect(result.phones.every((p) => p === '+213550123456')).toBe(true);
    expectCpuWithin(ms, 5_000);
  }, 20_000);

  test('a number cut by 200,000 dashes is read in linear time (its span is trimmed without a backtracking pattern)', () => {
    // A synchronous call cannot be stopped by the test's timeout: its CPU time is checked after it
    // (quadratic, this took about 80 s; linear, milliseconds).
    const { ms, result } = cpuMs(() => findPhones(`0550${'-'.repeat(200_000)}12 34 56`));
    expect(result).toEqual([]);
    expectCpuWithin(ms, 5_000);
  });

  test('a phone far inside 100,000 spaces is still found, and so is an address among 100,000 letters', () => {
    const { ms, result } = cpuMs(() => [
      findPhones(`${' '.repeat(100_000)}0550 12 34 56${' '.repeat(100_000)}`),
      findEmails(`${'a '.repeat(50_000)}contact@numidia.dz${' b'.repeat(50_000)}`),
      findEmails(`${'a'.repeat(100_000)}@numidia.dz`),
    ]);
    expect(result).toEqual([['+213550123456'], ['contact@numidia.dz'], []]);
    expectCpuWithin(ms, 5_000);
  }, 20_000);
});

describe('algerianNumber: libphonenumber\'s answer for DZ, computed without it', () => {
  /** libphonenumber itself, as validNumber asked it before the shortcut. */
  const libphonenumber = (text: string) => {
    const phone = parsePhoneNumberFromString(text, { defaultCountry: 'DZ' });
    return phone?.isValid() ? phone.number : undefined;
  };

  test('the usual ways of writing a number are answered without libphonenumber, and rightly', () => {
    const usual: [string, string | null][] = [
      ['0550 12 34 56', '+213550123456'],
      ['021-23-45-67', '+21321234567'],
      ['021.23.45.67', '+21321234567'],
      ['+213 (0) 21 23 45 67', '+21321234567'],
      ['00213 550 12 34 56', '+213550123456'],
      ['213550123456', '+213550123456'],
      ['+213550123456', '+213550123456'],
      ['(021) 23 45 67', '+21321234567'],
      ['0550 12 34 5', null],
      ['0123 45 67 89', null],
      ['00 00 00 00', null],
    ];
    for (const [text, e164] of usual) {
      expect([text, algerianNumber(text)]).toEqual([text, e164]);
      expect([text, libphonenumber(text)]).toEqual([text, e164 ?? undefined]);
    }
    // Other countries, other digits, letters: libphonenumber's to answer.
    for (const text of ['+33 1 23 45 67 89', '0033 1 23 45 67 89', '٠٥٥٠١٢٣٤٥٦', '0550 12 34 56 ext 12', '0550+123456']) expect([text, algerianNumber(text)]).toEqual([text, undefined]);
  });

  /** Texts built of the pieces numbers are written with: prefixes, digits, separators, and some noise. */
  const pieces = fc.constantFrom('0', '00', '+', '213', '+213', '00213', '(0)', '5', '55', '6', '7', '2', '21', '3', '4', '9', '8', '80', '1', '96', '98', ' ', ' ', '.', '-', '(', ')', '+33', '12', '34', '56', '78', '0550', '0661', '021', 'x', '#', ',', '٠');
  const texts = fc.oneof(
    fc.array(pieces, { maxLength: 14 }).map((p) => p.join('')),
    // A prefix and 6 to 13 digits, with or without separators between them.
    fc.tuple(fc.constantFrom('', '0', '+213', '+213 ', '00213', '213', '+2130', '00', '+', ' (0)'), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 6, maxLength: 13 }), fc.constantFrom('', ' ', '.', '-'), fc.nat()).map(
      ([prefix, digits, sep, seed]) => prefix + digits.map((d, i) => (i > 0 && (seed >> i) % 2 === 0 ? sep : '') + d).join(''),
    ),
  );

  test('on generated texts, every answer it gives is libphonenumber\'s', () => {
    let answered = 0;
    fc.assert(
      fc.property(texts, (text) => {
        const fast = algerianNumber(text);
        if (fast === undefined) return;
        answered++;
        expect([text, fast ?? undefined]).toEqual([text, libphonenumber(text)]);
      }),
      { numRuns: 20_000 },
    );
    // Most generated texts are of the usual shapes: the shortcut is taken, not skipped.
    expect(answered).toBeGreaterThan(10_000);
  });

  test('valid Algerian numbers of every range, written every usual way, are answered as libphonenumber answers them', () => {
    const ranges = ['21', '23', '25', '29', '31', '38', '40', '41', '46', '49', '9619', '540', '549', '560', '564', '55', '60', '69', '77', '79', '800', '8031', '8091', '8011', '8021', '982', '983', '50', '70', '76', '80', '97', '99'];
    fc.assert(
      fc.property(fc.constantFrom(...ranges), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 3, maxLength: 9 }), fc.constantFrom('0', '+213', '00213', '213', '+213 0', ''), (range, rest, prefix) => {
        const text = `${prefix}${range} ${rest.join('')}`;
        expect([text, algerianNumber(text) ?? undefined]).toEqual([text, libphonenumber(text)]);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('findPhonesAndFaxes: labels written after their number, in brackets', () => {
  test("'(fax)' after a number makes that number a fax, and only that one; '(Phone)', '(Mob.)', '(fixe)' a phone", () => {
    expect(findPhonesAndFaxes('021 23 45 67 (Phone) / 021 23 45 68 (Fax)')).toEqual({ phones: ['+21321234567'], faxes: ['+21321234568'] });
    expect(findPhonesAndFaxes('021 23 45 67 (fixe) ; 0550 12 34 56 (Mob.) ; 021 23 45 69 (fax)')).toEqual({ phones: ['+21321234567', '+213550123456'], faxes: ['+21321234569'] });
    expect(findPhonesAndFaxes('+213 (0)21 23 45 70 / +213 (0)21 23 45 71 (Fax)')).toEqual({ phones: ['+21321234570'], faxes: ['+21321234571'] });
  });

  test('a shared prefix before a bracketed fax label gives two faxes; a number after the label is not reached by it', () => {
    expect(findPhonesAndFaxes('021 23 45 67 / 68 (fax) - 0550 12 34 56')).toEqual({ phones: ['+213550123456'], faxes: ['+21321234567', '+21321234568'] });
  });

  test("labels written together in the brackets ('(Tel/Fax)') give a phone; a label before the number still reaches the numbers before the bracketed one", () => {
    expect(findPhonesAndFaxes('021 23 45 67 (Tel/Fax) - 0550 12 34 56 (Cell)')).toEqual({ phones: ['+21321234567', '+213550123456'], faxes: ['+21321234567'] });
    expect(findPhonesAndFaxes('Tél : 021 23 45 67 / 021 23 45 68 (fax)')).toEqual({ phones: ['+21321234567'], faxes: ['+21321234568'] });
  });

  test("a desk in brackets after a fax's number names the fax's desk; a bracket after a figure that is no number labels what follows", () => {
    expect(findPhonesAndFaxes('Fax : 021 23 45 68 (secrétariat)')).toEqual({ phones: [], faxes: ['+21321234568'] });
    expect(findPhonesAndFaxes('Bureau 12 (fax) : 021 23 45 69')).toEqual({ phones: [], faxes: ['+21321234569'] });
  });
});

describe('findPhonesAndFaxes: a bracketed label names the number right before it', () => {
  test("numbers joined by ' - ' or ' ou ' before a bracketed fax label: only the last is the fax", () => {
    expect(findPhonesAndFaxes('0550 12 34 56 - 021 23 45 68 (fax)')).toEqual({ phones: ['+213550123456'], faxes: ['+21321234568'] });
    expect(findPhonesAndFaxes('021 23 45 67 ou 021 23 45 68 (Fax)')).toEqual({ phones: ['+21321234567'], faxes: ['+21321234568'] });
  });

  test("a one-letter label alone in brackets after its number ('(F)', '(T)', as a spreadsheet's 'Tél / Fax' column marks its fax) names it; the joined label's other number is then a phone", () => {
    expect(findPhonesAndFaxes('045510231 / 0670369137 / 045 21 73 18 (F)')).toEqual({ phones: ['+21345510231', '+213670369137'], faxes: ['+21345217318'] });
    expect(findPhonesAndFaxes('Tél / Fax :\n0782744927 / 045 70 40 34 (F)')).toEqual({ phones: ['+213782744927'], faxes: ['+21345704034'] });
    expect(findPhonesAndFaxes('045 21 73 17 (T) / 045 21 73 18 (f)')).toEqual({ phones: ['+21345217317'], faxes: ['+21345217318'] });
    // (An initial in brackets, or a letter before its number, is no label.)
    expect(findPhonesAndFaxes('M. Benali (F) gérant : 0661 20 30 40')).toEqual({ phones: ['+213661203040'], faxes: [] });
    // A number written alone under the joined label stays both.
    expect(findPhonesAndFaxes('Tél/Fax : 045 21 73 18')).toEqual({ phones: ['+21345217318'], faxes: ['+21345217318'] });
  });
});

describe('readNumbers: labels typed by hand in a description', () => {
  test("'Port.' (portable) and 'Ligne directe' label phones; an abbreviation's dot is not a number's", () => {
    expect(readNumbers('Fixe 034801173 — Port. 0559798685 — Fax 034781129')).toEqual({ phones: ['+21334801173', '+213559798685'], faxes: ['+21334781129'], labelled: ['+21334801173', '+213559798685'] });
    expect(readNumbers('Ligne directe service commercial : 034.57.40.92')).toEqual({ phones: ['+21334574092'], faxes: [], labelled: ['+21334574092'] });
    expect(findPhones('Réf. 0559 79 86 85')).toEqual(['+213559798685']);
  });

  test("'port' without its dot labels nothing (a harbour's name)", () => {
    expect(readNumbers('Zone du port 0559798685')).toEqual({ phones: ['+213559798685'], faxes: [], labelled: [] });
  });
});
