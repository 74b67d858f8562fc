import fc from 'fast-check';
import type { Knex } from 'knex';
import type { Database } from '../../platform/db';
import { words } from '../../platform/text';
import { SqlCompanySearch, upsertCompanies, type CompanyInput } from '../companyRepository';
import { CompanyIndex, compareCodePoints } from '../companyIndex';
import { SEARCH_SORTS, type CompanyFilter, type SearchSort } from '../types';
import { createTestDatabase } from '../../../test/helpers/db';

// Both search backends (the in-memory index and SQL) against PostgreSQL itself: for random companies, random writes (inserts,
// updates, deletes, from outside the index) and random searches, the index answers exactly what
// plain SQL answers (count, order, keyset, facets). The SQL here is written for the test, in the
// simplest form, independent of src/.

jest.setTimeout(300_000);

const NAMES = ['Numidia', 'Atlas', 'ÉLAN', 'élan', 'Zitouna', 'Béjaïa Bâtiment', 'Oasis Sud', 'atlas nord', 'Œuvre', 'Ünal', '𝐙eta', 'ﬁbre', 'Tassili'];
const ACTIVITIES = [null, 'Travaux publics', 'Informatique et réseaux', 'Distribution', 'Conseil'];
const WILAYAS = [16, 31, 9];
const SECTORS = [null, 'btp', 'sante', 'informatique'];
const SCORES = [0, 35, 50, 50, 70, 100];
const QUERY_WORDS = ['numidia', 'atlas', 'elan', 'a', 'at', 'las', 'ba', 'timent', 'nord', 'travaux', 'info', 'conseil', 'zzz', 'oe', 'sud', 'es'];

interface Spec {
  nom: string;
  wilaya: number;
  secteur: string | null;
  activite: string | null;
  score: number;
  /** Seconds after a fixed instant: ties on purpose. */
  updated: number;
}

const company = fc.record<Spec>({
  nom: fc.tuple(fc.constantFrom(...NAMES), fc.integer({ min: 0, max: 3 })).map(([n, i]) => `${n} ${i}`),
  wilaya: fc.constantFrom(...WILAYAS),
  secteur: fc.constantFrom(...SECTORS),
  activite: fc.constantFrom(...ACTIVITIES),
  score: fc.constantFrom(...SCORES),
  updated: fc.integer({ min: 0, max: 5 }),
});

const filter = fc.record({
  words: fc.oneof({ arbitrary: fc.constant<string[]>([]), weight: 2 }, { arbitrary: fc.array(fc.constantFrom(...QUERY_WORDS), { minLength: 1, maxLength: 2 }), weight: 3 }),
  wilayaCodes: fc.oneof({ arbitrary: fc.constant<number[]>([]), weight: 3 }, { arbitrary: fc.subarray(WILAYAS, { minLength: 1 }), weight: 2 }),
  secteurIds: fc.oneof({ arbitrary: fc.constant<string[]>([]), weight: 3 }, { arbitrary: fc.subarray(SECTORS.filter((s): s is string => s !== null), { minLength: 1 }), weight: 2 }),
  scoreMin: fc.constantFrom(0, 0, 0, 50, 70, 101),
});

const query = fc.record({ filter, sort: fc.constantFrom<SearchSort>(...SEARCH_SORTS), limit: fc.integer({ min: 1, max: 7 }), offset: fc.integer({ min: 0, max: 40 }), keyAt: fc.integer({ min: 0, max: 60 }) });

function input(s: Spec): CompanyInput {
  const slug = s.nom.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return { nom: s.nom, wilaya_code: s.wilaya, secteur_id: s.secteur, activite: s.activite, email: s.score > 40 ? `contact@${slug || 'x'}.dz` : null, telephone: s.updated > 2 ? `+21355000000${s.updated}` : null, score_qualite: s.score, source: 'import', source_url: null };
}

const ORDER: Record<SearchSort, string> = {
  '-score_qualite': 'score_qualite desc, nom_tri, id',
  nom: 'nom_tri, id',
  '-updated_at': 'updated_at desc, id',
};

/** Every match, in the documented order, by plain SQL. */
async function oracle(db: Knex, f: CompanyFilter, sort: SearchSort) {
  const q = db('companies').select(
    'id',
    'nom',
    'activite',
    'email',
    'telephone',
    'score_qualite',
    'nom_tri',
    'wilaya_code',
    'secteur_id',
    db.raw('(extract(epoch from updated_at) * 1000000)::bigint::text as us'),
  );
  for (const w of f.words) q.whereRaw(`search_text like '%' || ? || '%'`, [w]);
  if (f.wilayaCodes.length) q.whereIn('wilaya_code', f.wilayaCodes);
  if (f.secteurIds.length) q.whereIn('secteur_id', f.secteurIds);
  if (f.scoreMin > 0) q.where('score_qualite', '>=', f.scoreMin);
  return (await q.orderByRaw(ORDER[sort])) as { id: string; nom: string; activite: string | null; email: string | null; telephone: string | null; score_qualite: number; nom_tri: string; wilaya_code: number; secteur_id: string | null; us: string }[];
}

describe('the in-memory search index', () => {
  let database: Database;
  let index: CompanyIndex;
  let sql: SqlCompanySearch;

  beforeAll(async () => {
    database = await createTestDatabase();
    index = new CompanyIndex(database.knex, { refreshIntervalMs: 0, wordCacheSize: 8 });
    await index.start();
    sql = new SqlCompanySearch(database.knex);
  });
  afterAll(async () => {
    await index.close();
    await database.close();
  });

  test('answers every search exactly as SQL does, through inserts, updates and deletes made behind its back', async () => {
    const db = database.knex;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(company, { minLength: 10, maxLength: 120, selector: (c) => `${c.nom.toLowerCase()}|${c.wilaya}` }),
        fc.array(fc.tuple(fc.constantFrom('update', 'delete', 'touch'), fc.nat(), company), { maxLength: 12 }),
        fc.array(query, { minLength: 1, maxLength: 6 }),
        async (companies, changes, queries) => {
          await db.raw('truncate companies cascade');
          const written = await upsertCompanies(db, companies.map(input));
          await db.raw(`update companies set updated_at = timestamptz '2026-01-01T00:00:00Z' + (score_qualite % 6) * interval '1 second'`);
          // Searches, then writes behind the index's back, then the same searches: what the
          // index kept from the first round (word sets, counts) must follow the writes.
          const check = async () => {
            // Each query's first word again with one wilaya, then with one sector: the counts a
            // word keeps per wilaya and per sector must follow the writes too.
            const derived = queries.flatMap((q) =>
              q.filter.words.length === 0
                ? []
                : [
                    { ...q, filter: { ...q.filter, words: q.filter.words.slice(0, 1), wilayaCodes: [WILAYAS[q.keyAt % 3]], secteurIds: [] } },
                    { ...q, filter: { ...q.filter, words: q.filter.words.slice(0, 1), wilayaCodes: [], secteurIds: [['btp', 'sante', 'informatique'][q.keyAt % 3]] } },
                    // Two words in one wilaya (the first and its own prefix, so that they match
                    // together often), from a near offset: a page inside the matches.
                    { ...q, offset: q.offset % 4, filter: { ...q.filter, words: [q.filter.words[0], q.filter.words[0].slice(0, -1)], wilayaCodes: [WILAYAS[q.keyAt % 3]] } },
                  ],
            );
            for (const { filter: f0, sort, limit, offset, keyAt } of [...queries, ...derived]) {
              const f = { ...f0, words: [...new Set(f0.words)] };
              for (const backend of [index, sql]) {
              const expected = await oracle(db, f, sort);
              const byOffset = await backend.search(f, { sort, limit, offset });
              expect(byOffset.total).toBe(expected.length);
              // The rows as SQL shows them now: every column the search returns.
              expect(byOffset.rows).toEqual(expected.slice(offset, offset + limit).map(({ nom_tri: _n, us: _u, ...row }) => row));
              // Keyset: just after the key of match number keyAt.
              if (expected.length > 0) {
                const k = keyAt % expected.length;
                const row = expected[k];
                const key = sort === 'nom' ? [row.nom_tri, row.id] : sort === '-updated_at' ? [row.us, row.id] : [row.score_qualite, row.nom_tri, row.id];
                const next = await backend.search(f, { sort, limit, offset: 0, after: key });
                expect(next.rows.map((r) => r.id)).toEqual(expected.slice(k + 1, k + 1 + limit).map((r) => r.id));
                const page = await backend.search(f, { sort, limit, offset: k, after: undefined });
                const last = expected[Math.min(expected.length, k + limit) - 1];
                expect(page.lastKey).toEqual(sort === 'nom' ? [last.nom_tri, last.id] : sort === '-updated_at' ? [last.us, last.id] : [last.score_qualite, last.nom_tri, last.id]);
              }
              const facets = await backend.facets(f);
              expect(facets.total).toBe(expected.length);
              const count = <K>(key: (r: (typeof expected)[number]) => K) => {
                const m = new Map<K, number>();
                for (const r of expected) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
                return m;
              };
              expect(facets.wilayas).toEqual(count((r) => r.wilaya_code));
              expect(facets.secteurs).toEqual(count((r) => r.secteur_id));
              expect(facets.scores).toEqual(Array.from({ length: 101 }, (_, s) => expected.filter((r) => r.score_qualite === s).length));
              }
            }
          };
          await check();
          const write = async (batch: typeof changes) => {
            for (const [kind, at, spec] of batch) {
              if (written.length === 0) break;
              const id = written[at % written.length].id;
              if (kind === 'delete') await db('companies').where({ id }).delete();
              else if (kind === 'touch') await db.raw(`update companies set updated_at = timestamptz '2026-01-01T00:00:00Z' + ? * interval '1 second' where id = ?`, [spec.updated, id]);
              else {
                // Moving to a wilaya where the name exists breaks the natural key: that write fails, as it would anywhere.
                await db('companies')
                  .where({ id })
                  .update({ score_qualite: spec.score, secteur_id: spec.secteur, wilaya_code: spec.wilaya, activite: spec.activite, email: spec.score > 60 ? 'new@x.dz' : null, search_text: words(`${spec.nom} ${spec.activite ?? ''}`).join(' ') })
                  .catch((err: { code?: string }) => {
                    if (err.code !== '23505') throw err;
                  });
              }
            }
          };
          await write(changes);
          await check();
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? (process.env.DATABASE_URL ? 40 : 25)) },
    );
  });

  test('a write committed by another connection is in the very next search', async () => {
    const db = database.knex;
    await db.raw('truncate companies cascade');
    const f = { words: ['nextsearch'], wilayaCodes: [], secteurIds: [], scoreMin: 0 };
    expect((await index.search(f, { sort: '-score_qualite', limit: 5, offset: 0 })).total).toBe(0);
    const [row] = await upsertCompanies(db, [input({ nom: 'Nextsearch SARL', wilaya: 16, secteur: null, activite: null, score: 40, updated: 0 })]);
    const found = await index.search(f, { sort: '-score_qualite', limit: 5, offset: 0 });
    expect(found.total).toBe(1);
    expect(found.rows[0]).toMatchObject({ id: row.id, nom: 'Nextsearch SARL', score_qualite: 40 });
    await db('companies').where({ id: row.id }).delete();
    expect((await index.search(f, { sort: '-score_qualite', limit: 5, offset: 0 })).total).toBe(0);
  });

  test('a transaction that commits after a later one is not missed', async () => {
    const db = database.knex;
    if (database.kind === 'embedded') return; // one connection: transactions cannot interleave
    await db.raw('truncate companies cascade');
    const f = { words: ['interleaved'], wilayaCodes: [], secteurIds: [], scoreMin: 0 };
    await index.search(f, { sort: 'nom', limit: 5, offset: 0 });
    const trx = await db.transaction();
    await upsertCompanies(trx, [input({ nom: 'Interleaved First', wilaya: 16, secteur: null, activite: null, score: 10, updated: 0 })]);
    // Another cell of company_counts (wilaya, sector, score): that row stays locked until the first commits.
    await upsertCompanies(db, [input({ nom: 'Interleaved Second', wilaya: 31, secteur: 'btp', activite: null, score: 20, updated: 0 })]);
    expect((await index.search(f, { sort: 'nom', limit: 5, offset: 0 })).rows.map((r) => r.nom)).toEqual(['Interleaved Second']);
    await trx.commit();
    expect((await index.search(f, { sort: 'nom', limit: 5, offset: 0 })).rows.map((r) => r.nom)).toEqual(['Interleaved First', 'Interleaved Second']);
  });
});

describe('compareCodePoints', () => {
  test('orders as UTF-8 bytes do (collation "C"), surrogate pairs after U+FFFF', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        const bytes = Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
        expect(Math.sign(compareCodePoints(a, b))).toBe(bytes);
      }),
    );
  });
});
