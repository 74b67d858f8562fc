import type { Database } from '../../platform/db';
import { SqlCompanySearch, upsertCompanies, type CompanyInput } from '../companyRepository';
import { Semaphore, SingleFlight } from '../singleFlight';
import { createTestDatabase } from '../../../test/helpers/db';

// The SQL search backend under concurrency: identical cold requests share one computation,
// expensive counts are bounded, and concurrent writers neither deadlock nor lose a count.

jest.setTimeout(120_000);

function company(nom: string, over: Partial<CompanyInput> = {}): CompanyInput {
  return { nom, wilaya_code: 16, secteur_id: null, activite: null, email: null, telephone: null, score_qualite: 50, source: 'import', source_url: null, ...over };
}

describe('SingleFlight', () => {
  test('concurrent calls with one key share one run; a later call runs again', async () => {
    const flight = new SingleFlight<number>();
    let runs = 0;
    const work = () => new Promise<number>((resolve) => setTimeout(() => resolve(++runs), 10));
    const results = await Promise.all([flight.run('a', work), flight.run('a', work), flight.run('a', work), flight.run('b', work)]);
    expect(results).toEqual([1, 1, 1, 2]);
    expect(await flight.run('a', work)).toBe(3);
    expect(flight.size).toBe(0);
  });

  test('a failure reaches every waiter and is not kept', async () => {
    const flight = new SingleFlight<number>();
    const failing = () => Promise.reject(new Error('down'));
    await expect(Promise.all([flight.run('k', failing), flight.run('k', failing)])).rejects.toThrow('down');
    expect(await flight.run('k', async () => 7)).toBe(7);
  });
});

describe('Semaphore', () => {
  test('never runs more than its limit at once, and runs everything in arrival order', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        gate.run(async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((r) => setTimeout(r, 5));
          order.push(i);
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(gate.running).toBe(0);
  });
});

describe('SqlCompanySearch', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  test('twenty identical cold searches by word run one count and one page query', async () => {
    await upsertCompanies(database.knex, Array.from({ length: 30 }, (_, i) => company(`Ouarsenis Froid ${i}`, { score_qualite: i })));
    const sql = new SqlCompanySearch(database.knex);
    const statements: string[] = [];
    const onQuery = (q: { sql: string }) => void statements.push(q.sql);
    database.knex.on('query', onQuery);
    try {
      const f = { words: ['ouarsenis'], wilayaCodes: [], secteurIds: [], scoreMin: 0 };
      const answers = await Promise.all(Array.from({ length: 20 }, () => sql.search(f, { sort: '-score_qualite', limit: 5, offset: 0 })));
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0].total).toBe(30);
      expect(answers[0].rows.map((r) => r.nom)).toEqual(['Ouarsenis Froid 29', 'Ouarsenis Froid 28', 'Ouarsenis Froid 27', 'Ouarsenis Froid 26', 'Ouarsenis Froid 25']);
      expect(statements.filter((s) => /count\(/i.test(s))).toHaveLength(1);
      expect(statements.filter((s) => /limit/i.test(s))).toHaveLength(1);
    } finally {
      database.knex.removeListener('query', onQuery);
    }
  });

  test('at most four counts run at once however many different searches arrive', async () => {
    const sql = new SqlCompanySearch(database.knex, { maxCounts: 4 });
    let running = 0;
    let most = 0;
    const start = () => {
      running++;
      most = Math.max(most, running);
    };
    const end = () => running--;
    database.knex.on('query', start).on('query-response', end).on('query-error', end);
    try {
      const words = Array.from({ length: 12 }, (_, i) => `mot${i}`);
      await Promise.all(words.map((w) => sql.facets({ words: [w], wilayaCodes: [], secteurIds: [], scoreMin: 0 })));
      expect(most).toBeLessThanOrEqual(4);
    } finally {
      database.knex.removeListener('query', start).removeListener('query-response', end).removeListener('query-error', end);
    }
  });

  test('two extractions writing companies of the same cells at once, listed in opposite orders, both commit, and the counts stay exact', async () => {
    if (database.kind === 'embedded') return; // one connection: writers cannot overlap
    const db = database.knex;
    const cells = [
      { wilaya_code: 5, secteur_id: 'btp', score_qualite: 10 },
      { wilaya_code: 6, secteur_id: 'sante', score_qualite: 20 },
      { wilaya_code: 7, secteur_id: null, score_qualite: 30 },
    ];
    // As an extraction writes: one statement per transaction, the transaction kept open a
    // moment after it (billing), so that the two overlap on every cell.
    const extraction = (tag: string, order: typeof cells) =>
      db.transaction(async (trx) => {
        await upsertCompanies(trx, order.map((c, i) => company(`Croise ${tag} ${i}`, c)));
        await new Promise((r) => setTimeout(r, 20));
      });
    for (let round = 0; round < 5; round++) {
      await expect(Promise.all([extraction(`a${round}`, cells), extraction(`b${round}`, [...cells].reverse())])).resolves.toBeDefined();
    }
    const counted = await db.raw(`select wilaya_code, secteur_id, score_qualite, n from company_counts where n <> 0 and wilaya_code in (5, 6, 7) order by 1, 2, 3`);
    const truth = await db.raw(
      `select wilaya_code, coalesce(secteur_id, '') as secteur_id, score_qualite, count(*)::int as n from companies where wilaya_code in (5, 6, 7) group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(counted.rows).toEqual(truth.rows);
    expect(truth.rows.map((r: { n: number }) => r.n)).toEqual([10, 10, 10]);
  });
});
