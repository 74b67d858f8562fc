import { isVcard, readVcard } from '../vcard';
import { cpuMs, expectCpuWithin } from '../../../test/helpers/cpuTime';

const URL = 'https://annuaire.test/cartes/x.vcf';

describe('readVcard', () => {
  test('vCard 3.0: ORG (its first unit) names the company; TEL typed FAX is a fax, the others phones; EMAIL', () => {
    const card = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Karim Bensaber\r\nORG:Cabinet Bensaber\\, Expertise;Audit\r\nTEL;TYPE=WORK,VOICE:043 27 18 44\r\nTEL;TYPE=CELL:0770 61 28 93\r\nTEL;TYPE=WORK,FAX:043 27 18 45\r\nEMAIL;TYPE=INTERNET:Cabinet.Bensaber@gmail.com\r\nEND:VCARD\r\n';
    expect(readVcard(card, URL)).toEqual({ name: 'Cabinet Bensaber, Expertise', phones: ['+21343271844', '+213770612893'], faxes: ['+21343271845'], emails: ['cabinet.bensaber@gmail.com'], sourceUrl: URL });
  });

  test('vCard 2.1 bare types, folded lines, groups, 4.0 tel: URIs; FN when there is no ORG', () => {
    const v21 = 'BEGIN:VCARD\nVERSION:2.1\nFN:Fiduciaire\n  Mansourah\nTEL;WORK;FAX:+213 43 41 09 28\nitem1.TEL;WORK;VOICE:+213 43 41 09 27\nEMAIL;INTERNET:contact@fiduciaire-mans\n ourah.dz\nEND:VCARD\n';
    expect(readVcard(v21, URL)).toMatchObject({ name: 'Fiduciaire Mansourah', phones: ['+21343410927'], faxes: ['+21343410928'], emails: ['contact@fiduciaire-mansourah.dz'] });
    const v40 = 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Audit Lalla Setti\r\nTEL;VALUE=uri;TYPE="voice,work":tel:+213-43-20-55-61\r\nTEL;VALUE=uri;TYPE="fax":tel:+213-43-20-55-62\r\nEND:VCARD';
    expect(readVcard(v40, URL)).toMatchObject({ name: 'Audit Lalla Setti', phones: ['+21343205561'], faxes: ['+21343205562'] });
  });

  test('the directory’s contacts are left out; quoted-printable values and a second card are not read', () => {
    const card = 'BEGIN:VCARD\nFN:Cabinet Hadj Slimane\nTEL:0552 90 33 71\nTEL:043 20 00 10\nEMAIL;ENCODING=QUOTED-PRINTABLE:a=40b.dz\nEND:VCARD\nBEGIN:VCARD\nFN:Autre\nTEL:0661 00 00 00\nEND:VCARD\n';
    expect(readVcard(card, URL, new Set(['+21343200010']))).toEqual({ name: 'Cabinet Hadj Slimane', phones: ['+213552903371'], emails: [], sourceUrl: URL });
    expect(readVcard('BEGIN:VCARD\nVERSION:3.0\nEND:VCARD', URL)).toBeUndefined();
  });

  test('isVcard: by Content-Type, else by its first line', () => {
    expect(isVcard('', 'text/vcard; charset=utf-8')).toBe(true);
    expect(isVcard('', 'text/x-vcard')).toBe(true);
    expect(isVcard('\uFEFFBEGIN:VCARD\r\n', 'application/octet-stream')).toBe(true);
    expect(isVcard('<html>BEGIN:VCARD', 'text/html')).toBe(false);
  });

  test('linear time on a long hostile card', () => {
    const hostile = `BEGIN:VCARD\n${'TEL;'.repeat(50_000)}:${' '.repeat(100_000)}\n${' x'.repeat(100_000)}\nEND:VCARD`;
    expectCpuWithin(cpuMs(() => readVcard(hostile, URL)).ms, 2_000);
  });
});
