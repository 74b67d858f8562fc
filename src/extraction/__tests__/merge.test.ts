import type { RawCompany } from '../extract';
import { compatibleNames, firmOffice, furnitureContacts, mergeCompanies, type SourcedRecord } from '../merge';

function rec(source: string, raw: Partial<RawCompany> & { name: string }, wilayaCode = 16): SourcedRecord {
  return { source, wilayaCode, raw: { emails: [], phones: [], sourceUrl: `https://${source}.test/p`, ...raw } };
}

describe('mergeCompanies', () => {
  test('a shared phone merges two compatible names; every contact and source is kept', () => {
    const merged = mergeCompanies([
      rec('a', { name: 'Numidia Conseil', phones: ['+213550123456'], emails: ['contact@numidia.dz'], detailUrl: 'https://a.test/e/1' }),
      rec('b', { name: 'Cabinet Numidia Conseil', phones: ['+21321234567', '+213550123456'], emails: ['commercial@numidia.dz'], activity: 'Conseil' }),
    ]);
    expect(merged).toEqual([
      {
        name: 'Numidia Conseil',
        wilayaCode: 16,
        activity: 'Conseil',
        emails: ['contact@numidia.dz', 'commercial@numidia.dz'],
        phones: ['+213550123456', '+21321234567'],
        sources: ['a', 'b'],
        sourceUrls: ['https://a.test/p', 'https://a.test/e/1', 'https://b.test/p'],
        // Each page with the source it belongs to (provenance).
        seenOn: [
          { source: 'a', url: 'https://a.test/p' },
          { source: 'a', url: 'https://a.test/e/1' },
          { source: 'b', url: 'https://b.test/p' },
        ],
        names: ['Numidia Conseil', 'Cabinet Numidia Conseil'],
      },
    ]);
  });

  test('a name cut with an ellipsis merges by name only with a record of the same page', () => {
    const merged = mergeCompanies([
      rec('a', { name: 'Quincaillerie Es...', detailUrl: 'https://a.test/f/1', phones: ['+21341332109'] }),
      rec('a', { name: 'Quincaillerie Es...', detailUrl: 'https://a.test/f/2', phones: ['+21341521477'] }),
      rec('a', { name: 'Quincaillerie Es…', phones: ['+21341521478'] }),
      rec('a', { name: 'Quincaillerie Es...', detailUrl: 'https://a.test/f/1' }),
    ]);
    expect(merged.map((c) => c.phones)).toEqual([['+21341332109'], ['+21341521477'], ['+21341521478']]);
  });

  test('one directory\'s two entries of one name, each on a page of its own with contacts in common with none, are two companies', () => {
    // Two branches, two sellers of a marketplace, or two entries whose name was misread (a product, a category):
    // the directory shows them apart, and one record holding both would be billed as one company.
    const merged = mergeCompanies([
      rec('a', { name: 'Pharmacie Centrale', detailUrl: 'https://a.test/f/1', phones: ['+21341332109'] }),
      rec('a', { name: 'Pharmacie Centrale', detailUrl: 'https://a.test/f/2', phones: ['+21341521477'], emails: ['pc2@gmail.com'] }),
      rec('a', { name: 'Pharmacie Centrale', detailUrl: 'https://a.test/f/1', emails: ['pc1@gmail.com'] }), // the same page again
      rec('a', { name: 'Élevage', detailUrl: 'https://a.test/f/3', phones: ['+21333378811'] }),
      rec('a', { name: 'Élevage', detailUrl: 'https://a.test/f/4', phones: ['+21333712798'] }),
    ]);
    expect(merged.map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['Pharmacie Centrale', ['+21341332109'], ['pc1@gmail.com']],
      ['Pharmacie Centrale', ['+21341521477'], ['pc2@gmail.com']],
      ['Élevage', ['+21333378811'], []],
      ['Élevage', ['+21333712798'], []],
    ]);
  });

  test('one name in one directory still merges when a side has no contact, when they share one, across directories, and without pages of their own', () => {
    const two = (a: Partial<RawCompany>, b: Partial<RawCompany>, sources = ['a', 'a']) =>
      mergeCompanies([rec(sources[0], { name: 'Atlas BTP', detailUrl: 'https://a.test/f/1', ...a }), rec(sources[1], { name: 'Atlas BTP', detailUrl: 'https://a.test/f/2', ...b })]).length;
    expect(two({ phones: ['+21341332109'] }, {})).toBe(1);
    expect(two({ phones: ['+21341332109'] }, { phones: ['+21341332109', '+21341521477'] })).toBe(1);
    expect(two({ phones: ['+21341332109'] }, { phones: ['+21341521477'] }, ['a', 'b'])).toBe(1);
    // Two entries of one page without pages of their own: a company listed twice, its phone in one, its e-mail in the other.
    expect(two({ phones: ['+21341332109'], detailUrl: undefined }, { emails: ['info@atlas.dz'], detailUrl: undefined })).toBe(1);
  });

  test('a shared e-mail merges; the same name key merges only in the same wilaya', () => {
    const merged = mergeCompanies([
      rec('a', { name: 'Atlas BTP', emails: ['info@atlas.dz'] }), // punctuation does not make a name longer
      rec('b', { name: 'ATLAS B.T.P', emails: ['info@atlas.dz'] }),
      rec('a', { name: 'SARL Tassili Import' }, 16),
      rec('b', { name: 'Tassili-Import EURL' }, 16),
      rec('b', { name: 'Tassili Import' }, 31),
    ]);
    expect(merged.map((c) => [c.name, c.wilayaCode, c.sources])).toEqual([
      ['Atlas BTP', 16, ['a', 'b']],
      ['SARL Tassili Import', 16, ['a', 'b']], // as many letters: the first
      ['Tassili Import', 31, ['b']],
    ]);
  });

  test('never transitive through a contact: A~B by phone with unrelated names stay two; B~C by name merge', () => {
    const merged = mergeCompanies([
      rec('x', { name: 'Autre' }),
      rec('a', { name: 'Sahara Trans', phones: ['+21341334455'] }),
      rec('b', { name: 'Transports du Sud', phones: ['+21341334455'] }),
      rec('c', { name: 'Ets Transports du Sud', emails: ['sud@transports.dz'] }),
    ]);
    expect(merged.map((c) => [c.name, c.sources, c.emails, c.phones])).toEqual([
      ['Autre', ['x'], [], []],
      ['Sahara Trans', ['a'], [], ['+21341334455']],
      ['Ets Transports du Sud', ['b', 'c'], ['sud@transports.dz'], ['+21341334455']],
    ]);
  });

  test('a contact merges a group only when its names agree with every name of the other group', () => {
    // 'Numidia' ~ 'Numidia Conseil' and 'Numidia' ~ 'Numidia Transport' by contacts, but the two
    // longer names disagree: the second contact cannot chain them into one company.
    const merged = mergeCompanies([
      rec('a', { name: 'Numidia Conseil', phones: ['+213550123456'] }),
      rec('b', { name: 'Numidia', phones: ['+213550123456'], emails: ['info@numidia.dz'] }),
      rec('c', { name: 'Numidia Transport', emails: ['info@numidia.dz'] }),
    ]);
    expect(merged.map((c) => c.names)).toEqual([['Numidia Conseil', 'Numidia'], ['Numidia Transport']]);
  });

  test('the 26-company chain: a footer contact on every detail page plus one shared contact per pair gives 26 companies', () => {
    const names = Array.from({ length: 26 }, (_, i) => `Entreprise ${String.fromCharCode(65 + i)}${String.fromCharCode(97 + i)}lpha Bâtiment ${i}`);
    const records = names.map((name, i) =>
      rec('annuaire', {
        name,
        // The directory's footer e-mail, and a phone shared with the next company (a chain).
        emails: ['contact@annuaire-dz.com', `c${i}@societe${i}.dz`],
        phones: [`+2135501234${String(i).padStart(2, '0')}`, `+2135501234${String(i + 1).padStart(2, '0')}`],
      }),
    );
    const merged = mergeCompanies(records);
    expect(merged).toHaveLength(26);
    expect(merged.map((c) => c.name)).toEqual(names);
    expect(merged.some((c) => c.emails.includes('contact@annuaire-dz.com'))).toBe(false);
    expect(merged.every((c, i) => c.emails.includes(`c${i}@societe${i}.dz`))).toBe(true);
  });

  test('a contact on more than 3 differently-named records is furniture and removed; on 3 it is kept', () => {
    const four = ['Alpha Conseil', 'Beta Transport', 'Gamma BTP', 'Delta Import'].map((name) => rec('a', { name, phones: ['+21321234567'] }));
    expect(furnitureContacts(four)).toEqual(new Set(['+21321234567']));
    expect(mergeCompanies(four).map((c) => c.phones)).toEqual([[], [], [], []]);
    const three = four.slice(0, 3);
    expect(furnitureContacts(three).size).toBe(0);
    expect(mergeCompanies(three).map((c) => c.phones)).toEqual([['+21321234567'], ['+21321234567'], ['+21321234567']]);
    // The same company seen on many pages is not furniture: one name.
    expect(furnitureContacts(Array.from({ length: 10 }, () => rec('a', { name: 'Alpha Conseil', phones: ['+21321234567'] }))).size).toBe(0);
  });

  test('compatible names', () => {
    expect(compatibleNames('numidia', 'numidia conseil')).toBe(true);
    expect(compatibleNames('transports du sud', 'transports sud')).toBe(true);
    expect(compatibleNames('numidia conseil', 'atlas conseil')).toBe(false);
    expect(compatibleNames('numidia conseil', 'cabinet numidia')).toBe(false);
    expect(compatibleNames('', 'numidia')).toBe(false);
  });

  test('the name kept: the longest with the first record\'s key (legal form kept), never an unrelated one', () => {
    expect(mergeCompanies([rec('a', { name: 'Numidia Conseil', phones: ['+213550123456'] }), rec('b', { name: 'SARL Numidia Conseil' })])[0].name).toBe('SARL Numidia Conseil');
    expect(
      mergeCompanies([rec('a', { name: 'Numidia', phones: ['+213550123456'] }), rec('b', { name: 'Numidia Conseil et Formation Professionnelle', phones: ['+213550123456'] })])[0].name,
    ).toBe('Numidia');
  });

  test('nothing in, nothing out', () => {
    expect(mergeCompanies([])).toEqual([]);
  });
});

test("a firm's offices named after it: the firm, and whether it is the head office; an activity's words or a name opening with 'Agence' name none", () => {
  expect(firmOffice('Sahel Froid Siège social Es Senia')).toEqual({ firm: 'sahel froid', head: true });
  expect(firmOffice('Sahel Froid Agence de Arzew')).toEqual({ firm: 'sahel froid', head: false });
  expect(firmOffice('Mutuelle Tafna Direction Régionale')).toEqual({ firm: 'mutuelle tafna', head: true });
  expect(firmOffice('Agence Assurances Amrani')).toBeUndefined();
  expect(firmOffice('Fournitures de Bureau Amrani')).toBeUndefined();
  expect(firmOffice('Cabinet Belkacem')).toBeUndefined();
});
