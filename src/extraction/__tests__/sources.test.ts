import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expandSearchUrl, loadSourcesFile, parseSources, SourcesFileError } from '../sources';

/** The problems of a text as 'line: message' strings. */
function problems(text: string): string[] {
  try {
    parseSources(text);
  } catch (err) {
    expect(err).toBeInstanceOf(SourcesFileError);
    return (err as SourcesFileError).problems.map((p) => `${p.line}: ${p.message}`);
  }
  throw new Error('expected the sources to be refused');
}

describe('parseSources', () => {
  test('the documented example is read, with defaults and camelCase selector names', () => {
    const sources = parseSources(`sources:
  - name: annuaire-exemple              # unique
    search_url: "https://example.dz/recherche?secteur={secteur}&wilaya={wilaya}&page={page}"
    max_pages: 5                        # optional, default 5
    selectors:                          # all optional
      item: "div.fiche"
      name: "h2"
      activity: ".activite"
      email: ".email"
      phone: ".tel"
      detail_link: "a.details"
      next_page: "a.suivant"
  - name: minimal
    search_url: http://annuaire.test/{wilaya_code}
`);
    expect(sources).toEqual([
      {
        name: 'annuaire-exemple',
        searchUrl: 'https://example.dz/recherche?secteur={secteur}&wilaya={wilaya}&page={page}',
        maxPages: 5,
        selectors: { item: 'div.fiche', name: 'h2', activity: '.activite', email: '.email', phone: '.tel', detailLink: 'a.details', nextPage: 'a.suivant' },
        line: 2,
      },
      { name: 'minimal', searchUrl: 'http://annuaire.test/{wilaya_code}', maxPages: 5, selectors: {}, line: 13 },
    ]);
  });

  test('an empty selectors map and an empty list are accepted', () => {
    expect(parseSources('sources:\n  - name: a\n    search_url: https://a.dz/\n    selectors:\n')[0].selectors).toEqual({});
    expect(parseSources('sources: []\n')).toEqual([]);
  });

  test.each([
    ['max_pages 0', 'sources:\n  - name: a\n    search_url: https://a.dz/\n    max_pages: 0\n', ['4: max_pages must be an integer from 1 to 50']],
    ['max_pages 51', 'sources:\n  - name: a\n    search_url: https://a.dz/\n    max_pages: 51\n', ['4: max_pages must be an integer from 1 to 50']],
    ['max_pages 2.5', 'sources:\n  - name: a\n    search_url: https://a.dz/\n    max_pages: 2.5\n', ['4: max_pages must be an integer from 1 to 50']],
    ['max_pages as text', 'sources:\n  - name: a\n    search_url: https://a.dz/\n    max_pages: "5"\n', ['4: max_pages must be an integer from 1 to 50']],
    ['unknown key', 'sources:\n  - name: a\n    search_url: https://a.dz/\n    maxpages: 3\n', ['4: unknown key \'maxpages\' (expected one of name, search_url, max_pages, selectors)']],
    ['unknown top-level key', 'source:\n  - name: a\n', ["1: unknown key 'source' (expected 'sources')", "1: missing 'sources' list"]],
    ['missing name', 'sources:\n  - search_url: https://a.dz/\n', ['2: missing name (a non-empty string)']],
    ['empty name', 'sources:\n  - name: ""\n    search_url: https://a.dz/\n', ['2: missing name (a non-empty string)']],
    ['missing search_url', 'sources:\n  - name: a\n', ['2: missing search_url (a non-empty string)']],
    ['duplicate name', 'sources:\n  - name: a\n    search_url: https://a.dz/\n  - name: b\n    search_url: https://b.dz/\n  - name: a\n    search_url: https://c.dz/\n', ["6: duplicate source name 'a' (first used on line 2)"]],
    ['non-http URL', 'sources:\n  - name: a\n    search_url: ftp://a.dz/{page}\n', ['3: search_url must be an http(s) URL (got ftp:)']],
    ['relative URL', 'sources:\n  - name: a\n    search_url: /recherche?page={page}\n', ['3: search_url must be an absolute http(s) URL']],
    ['unknown placeholder', 'sources:\n  - name: a\n    search_url: https://a.dz/?ville={ville}\n', ['3: unknown placeholder {ville} in search_url (allowed: {secteur}, {wilaya}, {wilaya_code}, {page}, {cursor})']],
    ['selector not a string', 'sources:\n  - name: a\n    search_url: https://a.dz/\n    selectors:\n      item: 12\n', ['5: selectors.item must be a non-empty string']],
    ['invalid CSS', 'sources:\n  - name: a\n    search_url: https://a.dz/\n    selectors:\n      email: "a[href"\n', [expect.stringMatching(/^5: selectors\.email is not a valid CSS selector: /)]],
    ['unknown selector', 'sources:\n  - name: a\n    search_url: https://a.dz/\n    selectors:\n      title: h2\n', [expect.stringMatching(/^5: unknown selector 'title'/)]],
    ['selectors not a map', 'sources:\n  - name: a\n    search_url: https://a.dz/\n    selectors: h2\n', ['4: selectors must be a map']],
    ['sources not a list', 'sources: annuaire\n', ["1: 'sources' must be a list"]],
    ['a source not a map', 'sources:\n  - annuaire\n', ['2: a source must be a map with name and search_url']],
    ['not a map at all', '- a\n- b\n', ["1: the file must be a map with a 'sources' list"]],
    ['YAML syntax', 'sources:\n  - name: a\n\tsearch_url: https://a.dz/\n', ['3: Tabs are not allowed as indentation']],
    ['duplicate YAML key', 'sources:\n  - name: a\n    name: b\n    search_url: https://a.dz/\n', [expect.stringMatching(/^3: Map keys must be unique/)]],
  ])('%s', (_label, text, expected) => {
    expect(problems(text)).toEqual(expected);
  });

  test('every problem of the file is reported, in line order, one per line of the message', () => {
    const text = `sources:
  - name: a
    search_url: https://a.dz/
    max_pages: 100
  - name: a
    search_url: https://b.dz/{pge}
`;
    expect(() => parseSources(text, 'conf/sources.yaml')).toThrow(
      'conf/sources.yaml:4: max_pages must be an integer from 1 to 50\n' +
        "conf/sources.yaml:5: duplicate source name 'a' (first used on line 2)\n" +
        'conf/sources.yaml:6: unknown placeholder {pge} in search_url (allowed: {secteur}, {wilaya}, {wilaya_code}, {page}, {cursor})',
    );
  });
});

describe('loadSourcesFile', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sources-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('reads a file and names it in errors', () => {
    const file = path.join(dir, 'sources.yaml');
    fs.writeFileSync(file, 'sources:\n  - name: a\n    search_url: https://a.dz/\n');
    expect(loadSourcesFile(file)).toHaveLength(1);
    fs.writeFileSync(file, 'sources:\n  - name: a\n    search_url: https://a.dz/\n    selectors:\n      item: div\n    max_pages: 0\n');
    expect(() => loadSourcesFile(file)).toThrow(`${file}:6: max_pages must be an integer from 1 to 50`);
  });

  test('a missing file is a SourcesFileError', () => {
    const file = path.join(dir, 'absent.yaml');
    expect(() => loadSourcesFile(file)).toThrow(SourcesFileError);
    expect(() => loadSourcesFile(file)).toThrow(`${file}: cannot be read (ENOENT)`);
  });
});

describe('expandSearchUrl', () => {
  test('{cursor} is accepted in a query or a path segment, empty on the first page, else URL-encoded as a path segment', () => {
    const [source] = parseSources('sources:\n  - name: a\n    search_url: "https://a.dz/api/{secteur}/page/{cursor}"\n');
    expect(source.searchUrl).toBe('https://a.dz/api/{secteur}/page/{cursor}');
    expect(expandSearchUrl(source.searchUrl, { secteur: 'BTP', wilaya: 'x', wilayaCode: 1, page: 1 })).toBe('https://a.dz/api/BTP/page/');
    expect(expandSearchUrl(source.searchUrl, { secteur: 'BTP', wilaya: 'x', wilayaCode: 1, page: 1, cursor: 'Yz+0/1' })).toBe('https://a.dz/api/BTP/page/Yz%2B0%2F1');
    expect(expandSearchUrl('https://a.dz/api?after={cursor}', { secteur: 'BTP', wilaya: 'x', wilayaCode: 1, page: 1 })).toBe('https://a.dz/api?after=');
  });

  test('fills every placeholder, URL-encoded', () => {
    expect(
      expandSearchUrl('https://a.dz/r?s={secteur}&w={wilaya}&c={wilaya_code}&p={page}', {
        secteur: 'Transport & logistique',
        wilaya: 'Béjaïa',
        wilayaCode: 6,
        page: 2,
      }),
    ).toBe('https://a.dz/r?s=Transport%20%26%20logistique&w=B%C3%A9ja%C3%AFa&c=6&p=2');
    expect(expandSearchUrl('https://a.dz/{wilaya}/{page}', { secteur: 'x', wilaya: "M'Sila/Est", wilayaCode: 28, page: 1 })).toBe(
      "https://a.dz/M'Sila%2FEst/1",
    );
  });
});
