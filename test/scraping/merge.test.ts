import type { RawCompany } from '../../src/scraping/extract';
import { mergeCompanies, type SourcedRecord } from '../../src/scraping/merge';

function rec(source: string, raw: Partial<RawCompany> & { name: string }, wilayaCode = 16): SourcedRecord {
  return { source, wilayaCode, raw: { emails: [], phones: [], sourceUrl: `https://${source}.test/p`, ...raw } };
}

describe('mergeCompanies', () => {
  test('a shared phone merges two names; every contact and source is kept', () => {
    const merged = mergeCompanies([
      rec('a', { name: 'Numidia Conseil', phones: ['+213550123456'], emails: ['contact@numidia.dz'], detailUrl: 'https://a.test/e/1' }),
      rec('b', { name: 'Cabinet Numidia', phones: ['+21321234567', '+213550123456'], emails: ['commercial@numidia.dz'], activity: 'Conseil' }),
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
        names: ['Numidia Conseil', 'Cabinet Numidia'],
      },
    ]);
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

  test('transitive: A~B by phone, B~C by name makes one company, in the order of first records', () => {
    const merged = mergeCompanies([
      rec('x', { name: 'Autre' }),
      rec('a', { name: 'Sahara Trans', phones: ['+21341334455'] }),
      rec('b', { name: 'Transports du Sud', phones: ['+21341334455'] }),
      rec('c', { name: 'Ets Transports du Sud', emails: ['sud@transports.dz'] }),
    ]);
    expect(merged.map((c) => [c.name, c.sources, c.emails, c.phones])).toEqual([
      ['Autre', ['x'], [], []],
      ['Sahara Trans', ['a', 'b', 'c'], ['sud@transports.dz'], ['+21341334455']],
    ]);
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
