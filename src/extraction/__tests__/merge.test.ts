import type { RawCompany } from '../extract';
import fc from 'fast-check';
import { cpuMs, expectCpuWithin } from '../../../test/helpers/cpuTime';
import { normalizeCompanyName } from '../../platform/text';
import { compatibleNames, firmOffice, furnitureContacts, mergeCompanies, sameNameGroups, shownApart, type SourcedRecord } from '../merge';

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

  test('one directory\'s many pages of one company are one company, and an entry of that name with other contacts on a page of its own stays apart', () => {
    const pages = Array.from({ length: 50 }, (_, i) => rec('a', { name: 'Pharmacie Centrale', detailUrl: `https://a.test/f/${i}`, phones: ['+21341332109'] }));
    const merged = mergeCompanies([
      ...pages,
      rec('a', { name: 'Pharmacie Centrale', detailUrl: 'https://a.test/f/0', emails: ['pc@gmail.com'] }), // a page seen before, its e-mail
      rec('a', { name: 'Pharmacie Centrale', detailUrl: 'https://a.test/f/99', phones: ['+21341521477'] }),
    ]);
    expect(merged.map((c) => [c.phones, c.emails, c.sourceUrls.length])).toEqual([
      [['+21341332109'], [], 51],
      [[], ['pc@gmail.com'], 2],
      [['+21341521477'], [], 2],
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

  test('a contact on more than 3 differently-named records is furniture and removed; on 3 it is kept unless their names are unrelated', () => {
    const four = ['Alpha Conseil', 'Beta Transport', 'Gamma BTP', 'Delta Import'].map((name) => rec('a', { name, phones: ['+21321234567'] }));
    expect(furnitureContacts(four)).toEqual(new Set(['+21321234567']));
    expect(mergeCompanies(four).map((c) => c.phones)).toEqual([[], [], [], []]);
    // Three names of one company (three sources' spellings) keep their line.
    const three = ['Numidia', 'Numidia Conseil', 'Cabinet Numidia Conseil'].map((name, i) => rec(['a', 'b', 'c'][i], { name, phones: ['+21321234567'] }));
    expect(furnitureContacts(three).size).toBe(0);
    expect(mergeCompanies(three).map((c) => c.phones)).toEqual([['+21321234567']]);
    // Two related names and an unrelated one: kept too (the unrelated one may be a misread entry).
    expect(furnitureContacts([...three.slice(0, 2), rec('a', { name: 'Gamma BTP', phones: ['+21321234567'] })]).size).toBe(0);
    // The same company seen on many pages is not furniture: one name.
    expect(furnitureContacts(Array.from({ length: 10 }, () => rec('a', { name: 'Alpha Conseil', phones: ['+21321234567'] }))).size).toBe(0);
  });

  test('three unrelated companies giving one line (their accountant\'s, their domiciliation office\'s) give none of theirs: it is removed, and merges nothing', () => {
    const clients = [
      rec('a', { name: 'El Khair Distribution', emails: ['commercial@elkhair-distribution.dz', 'cabinet.comptable@yahoo.fr'], phones: ['+213554440535', '+21325770642'], detailUrl: 'https://a.test/e/1' }),
      rec('a', { name: 'Grossiste Numidia', emails: ['grossiste.numidia@outlook.fr', 'cabinet.comptable@yahoo.fr'], phones: ['+21325770642'], detailUrl: 'https://a.test/e/2' }),
      rec('a', { name: 'SARL Trading Aouchiche', emails: ['tradingaouchiche@hotmail.com', 'cabinet.comptable@yahoo.fr'], phones: ['+213696963272', '+21325770642'], detailUrl: 'https://a.test/e/3' }),
    ];
    expect(furnitureContacts(clients)).toEqual(new Set(['cabinet.comptable@yahoo.fr', '+21325770642']));
    expect(mergeCompanies(clients).map((c) => [c.name, c.emails, c.phones])).toEqual([
      ['El Khair Distribution', ['commercial@elkhair-distribution.dz'], ['+213554440535']],
      ['Grossiste Numidia', ['grossiste.numidia@outlook.fr'], []],
      ['SARL Trading Aouchiche', ['tradingaouchiche@hotmail.com'], ['+213696963272']],
    ]);
  });

  test('a line three names carry stays theirs when two of the names may be one company (two scripts, an acronym)', () => {
    // A national firm under its acronym, its full name and its Arabic name, from three sources, each showing only its line.
    const eniem = [
      rec('a', { name: 'ENIEM', phones: ['+21326213434'] }),
      rec('b', { name: "Entreprise Nationale des Industries de l'Electroménager", phones: ['+21326213434'] }),
      rec('c', { name: 'المؤسسة الوطنية للصناعات الكهرومنزلية', phones: ['+21326213434'] }),
    ];
    expect(furnitureContacts(eniem).size).toBe(0);
    expect(mergeCompanies(eniem).every((c) => c.phones.includes('+21326213434'))).toBe(true);
    // The acronym and the full name, each with a contact of its own, and an unrelated company: two companies, not three.
    const acronym = [
      rec('a', { name: 'ENIEM', phones: ['+21326213434'], emails: ['contact@eniem.dz'] }),
      rec('b', { name: "Entreprise Nationale des Industries de l'Electroménager", phones: ['+21326213434', '+21326214040'] }),
      rec('c', { name: 'Atlas Froid', phones: ['+21326213434'], emails: ['atlas.froid@gmail.com'] }),
    ];
    expect(furnitureContacts(acronym).size).toBe(0);
    expect(furnitureContacts([...acronym.slice(0, 2), rec('d', { name: 'SNVI', phones: ['+21326213434'], emails: ['info@snvi.dz'] })]).size).toBe(0);
    // A bilingual directory's French and Arabic entries of a hotel, and another source's agency showing one of its numbers.
    const hotel = [
      rec('a', { name: 'Hôtel Les Grottes', phones: ['+21334936993', '+213672128023'], detailUrl: 'https://a.test/hotels/les-grottes/' }),
      rec('a', { name: 'فندق المغارات', phones: ['+213672128023', '+21334936993'], detailUrl: 'https://a.test/hotels/funduq-al-magharat/' }),
      rec('b', { name: 'SARL Bejaia Tourisme', phones: ['+21334936993'], emails: ['bejaia.tourisme@gmail.com'] }),
    ];
    expect(furnitureContacts(hotel).size).toBe(0);
    expect(mergeCompanies(hotel).map((c) => [c.name, c.phones])).toEqual([
      ['Hôtel Les Grottes', ['+21334936993', '+213672128023']],
      ['SARL Bejaia Tourisme', ['+21334936993']],
    ]);
  });

  test('a line three unrelated names carry is removed only when they are shown to be three companies (contacts of their own, or one directory\'s pages of their own)', () => {
    // Three sources, each showing only the line under a name of its own: nothing says these are three companies.
    const alone = ['Alpha Conseil', 'Beta Transport', 'Gamma BTP'].map((name, i) => rec(['a', 'b', 'c'][i], { name, phones: ['+21321234567'] }));
    expect(furnitureContacts(alone).size).toBe(0);
    expect(mergeCompanies(alone).map((c) => c.phones)).toEqual([['+21321234567'], ['+21321234567'], ['+21321234567']]);
    // One directory listing the three, each on a page of its own: a building's or a domiciliation office's line.
    const listed = ['Alpha Conseil', 'Beta Transport', 'Gamma BTP'].map((name, i) => rec('a', { name, phones: ['+21321234567'], detailUrl: `https://a.test/e/${i}` }));
    expect(furnitureContacts(listed)).toEqual(new Set(['+21321234567']));
    // Each with a contact of its own, from three sources: removed too.
    const own = alone.map((r, i) => ({ ...r, raw: { ...r.raw, emails: [`contact@societe${i}.dz`] } }));
    expect(furnitureContacts(own)).toEqual(new Set(['+21321234567']));
    // One of them with nothing else: kept.
    expect(furnitureContacts([...own.slice(0, 2), alone[2]]).size).toBe(0);
  });

  test('one company entered in French and in Arabic (the same contacts, two or more, and only them) is one company under its first name', () => {
    const french = rec('a', { name: 'Hôtel Les Grottes', phones: ['+21334936993', '+213672128023'], detailUrl: 'https://a.test/hotels/les-grottes/' });
    const arabic = rec('a', { name: 'فندق المغارات', phones: ['+213672128023', '+21334936993'], detailUrl: 'https://a.test/hotels/funduq-al-magharat/' });
    expect(mergeCompanies([french, arabic]).map((c) => [c.name, c.phones])).toEqual([['Hôtel Les Grottes', ['+21334936993', '+213672128023']]]);
    // One shared number (a group's central line), or another contact of its own, is not enough; nor are two Latin names.
    expect(mergeCompanies([french, { ...arabic, raw: { ...arabic.raw, phones: ['+21334936993'] } }])).toHaveLength(2);
    expect(mergeCompanies([french, { ...arabic, raw: { ...arabic.raw, emails: ['reception@magharat.dz'] } }])).toHaveLength(2);
    expect(mergeCompanies([french, { ...arabic, raw: { ...arabic.raw, name: 'Hôtel Kotama' } }])).toHaveLength(2);
  });

  test('a French and an Arabic name showing the same contacts are two companies when two sources show them, or when another company shows those contacts too', () => {
    // Two companies of two directories domiciled at one business centre: its phone and its e-mail, nothing else.
    const numidia = rec('a', { name: 'SARL Numidia Import', phones: ['+21321634455'], emails: ['domiciliation@centre-affaires.dz'] });
    const amal = rec('b', { name: 'مؤسسة الأمل للتجارة', phones: ['+21321634455'], emails: ['domiciliation@centre-affaires.dz'] });
    expect(mergeCompanies([numidia, amal])).toHaveLength(2);
    // One directory's French and Arabic entries, when a third company shows their two contacts: a shared office's, not one company's.
    const french = rec('a', { name: 'Hôtel Les Grottes', phones: ['+21334936993', '+213672128023'], detailUrl: 'https://a.test/hotels/les-grottes/' });
    const arabic = rec('a', { name: 'فندق المغارات', phones: ['+213672128023', '+21334936993'], detailUrl: 'https://a.test/hotels/funduq-al-magharat/' });
    const agency = rec('a', { name: 'Agence Tassili Voyages', phones: ['+21334936993', '+213672128023'], detailUrl: 'https://a.test/agences/tassili/' });
    expect(mergeCompanies([french, arabic, agency])).toHaveLength(3);
    expect(mergeCompanies([french, arabic, { ...agency, raw: { ...agency.raw, emails: ['tassili.voyages@gmail.com'] } }])).toHaveLength(3);
    // The French entry seen again on another page of the directory is no other company.
    expect(mergeCompanies([french, { ...french, raw: { ...french.raw, sourceUrl: 'https://a.test/p/2' } }, arabic])).toHaveLength(1);
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

  test('N same-named companies each on a page of its own cost about N steps, not N² (a hostile page of such entries)', () => {
    const n = 20_000;
    const page = (i: number) => `https://a.test/f/${i}`;
    const phone = (i: number) => `+21321${String(100_000 + i)}`;
    // Each with its own number: 20,000 companies (8.5 s of the event loop before the index).
    const apart = Array.from({ length: n }, (_, i) => rec('a', { name: 'Pharmacie Centrale', detailUrl: page(i), phones: [phone(i)] }));
    const a = cpuMs(() => mergeCompanies(apart));
    expect(a.result).toHaveLength(n);
    expectCpuWithin(a.ms, 3_000);
    // Each with its own number and one they all show: one company.
    const together = Array.from({ length: n }, (_, i) => rec('a', { name: 'Pharmacie Centrale', detailUrl: page(i), phones: ['+21321999999', phone(i)] }));
    const b = cpuMs(() => mergeCompanies(together));
    expect(b.result).toHaveLength(1);
    expect(b.result[0].phones).toHaveLength(n + 1);
    expectCpuWithin(b.ms, 3_000);
    // One on a page of its own, then all the others on one page, each with that one's number and its own: one company.
    const onePage = [rec('a', { name: 'Pharmacie Centrale', detailUrl: page(-1), phones: ['+21321999999'] }), ...Array.from({ length: n }, (_, i) => rec('a', { name: 'Pharmacie Centrale', detailUrl: page(0), phones: ['+21321999999', phone(i)] }))];
    const c = cpuMs(() => mergeCompanies(onePage));
    expect(c.result).toHaveLength(1);
    expectCpuWithin(c.ms, 3_000);
  });

  test('step 1, indexed, groups as its definition does: each record joins the first group none of whose records is shown apart from it', () => {
    // The definition, read plainly (quadratic): the records of one key a new record may be shown apart from are those with a
    // page and contacts, two pages at most per source and contact set.
    const reference = (records: SourcedRecord[], keys: string[]): number[] => {
      const byKey = new Map<string, { first: number; apart: number[]; pages: Map<string, string[]> }[]>();
      return records.map((r, i) => {
        if (!keys[i]) return i;
        const k = `${keys[i]}|${r.wilayaCode}${/(?:…|\.{3})$/u.test(r.raw.name.trimEnd()) ? `|${r.raw.detailUrl ?? `#${i}`}` : ''}`;
        const groups = byKey.get(k) ?? [];
        byKey.set(k, groups);
        let group = groups.find((g) => !g.apart.some((j) => shownApart(r, records[j])));
        if (!group) groups.push((group = { first: i, apart: [], pages: new Map() }));
        const contacts = [...new Set([...r.raw.phones, ...r.raw.emails])];
        if (r.raw.detailUrl && contacts.length > 0) {
          const pk = `${r.source}\n${contacts.sort().join(' ')}`;
          const pages = group.pages.get(pk) ?? [];
          if (pages.length < 2 && !pages.includes(r.raw.detailUrl)) {
            pages.push(r.raw.detailUrl);
            group.pages.set(pk, pages);
            group.apart.push(i);
          }
        }
        return group.first;
      });
    };
    const record = fc.record({
      source: fc.constantFrom('a', 'b'),
      name: fc.constantFrom('Pharmacie Centrale', 'Pharmacie Centrale...', 'Élevage', '', 'SARL Élevage'),
      wilayaCode: fc.constantFrom(16, 31),
      page: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
      phones: fc.uniqueArray(fc.constantFrom('+21321000001', '+21321000002', '+21321000003', '+21321000004'), { maxLength: 3 }),
      emails: fc.uniqueArray(fc.constantFrom('x@a.dz', 'y@a.dz'), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 40 }), (drawn) => {
        const records = drawn.map((d) => rec(d.source, { name: d.name, phones: d.phones, emails: d.emails, detailUrl: d.page === undefined ? undefined : `https://${d.source}.test/f/${d.page}` }, d.wilayaCode));
        const keys = records.map((r) => normalizeCompanyName(r.raw.name));
        expect(sameNameGroups(records, keys)).toEqual(reference(records, keys));
      }),
      { numRuns: 500, seed: 12 },
    );
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
