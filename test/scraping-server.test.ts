import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createStore, ServerProcess, storeTables, type Store } from './helpers/operator';

// Extractions as an operator meets them: the real server as a child process (`node
// dist/src/server.js`) on a store of its own, with SCRAPING_SOURCES pointing at a bad file, or
// with no SCRAPING_SOURCES at all on a fresh demo store (the sample directory).

jest.setTimeout(120_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const E164 = /^\+[1-9][0-9]{6,14}$/;

const stores: Store[] = [];
const servers: ServerProcess[] = [];
const tempDirs: string[] = [];

afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const store of stores) await store.remove();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function freshStore(): Promise<Store> {
  const store = await createStore();
  stores.push(store);
  return store;
}

/** `node dist/src/server.js` on loopback, the demo account seeded (PostgreSQL seeds only when asked). */
function startServer(store: Store, extra: Record<string, string> = {}): ServerProcess {
  const seed: Record<string, string> = store.kind === 'postgres' ? { SEED_DEMO: 'true' } : {};
  const server = ServerProcess.start({ ...store.env, HOST: '127.0.0.1', PORT: '0', ...seed, ...extra });
  servers.push(server);
  return server;
}

describe('a sources file with a mistake', () => {
  test('stops start-up with a non-zero exit and a message naming the file and the line, before touching the store', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prospecting-sources-'));
    tempDirs.push(dir);
    const file = path.join(dir, 'sources.yaml');
    fs.writeFileSync(
      file,
      [
        'sources:',
        '  - name: annuaire-exemple',
        '    search_url: "https://annuaire.example.dz/recherche?secteur={secteur}&wilaya={wilaya}&page={page}"',
        '    max_pages: 0',
        '',
      ].join('\n'),
    );
    const store = await freshStore();
    const server = startServer(store, { SCRAPING_SOURCES: file });

    const exit = await server.exited;

    expect(exit.code).not.toBeNull();
    expect(exit.code).not.toBe(0);
    expect(server.stderr).toContain(`${file}:4: max_pages must be an integer from 1 to 50`);
    expect(server.stdout).toBe('');
    // Stopped before anything else: no schema, no demo account, no key printed.
    expect(await storeTables(store)).toEqual([]);
  });
});

describe('a fresh demo store without SCRAPING_SOURCES', () => {
  let server: ServerProcess;
  let base: string;
  let demo: { account_id: string; api_key: string };
  let origin: string;

  beforeAll(async () => {
    const store = await freshStore();
    server = startServer(store);
    demo = await server.banner();
    base = `http://127.0.0.1:${await server.listeningPort()}`;
    const [line] = await server.waitFor(/^\{.*"msg":"extractions read the sample directory[^"]*".*\}$/m, 10_000);
    origin = (JSON.parse(line) as { origin: string }).origin;
  });

  const auth = () => ({ Authorization: `Bearer ${demo.api_key}` });

  test('serves the sample directory on loopback', () => {
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  test('answers an extraction with the printed demo key: 200 completed, companies from the sample directory, the balance down by credits_used', async () => {
    const before = (await (await fetch(`${base}/v1/me`, { headers: auth() })).json()) as { credit_balance: number };
    expect(before.credit_balance).toBe(1000);

    const res = await fetch(`${base}/v1/scraping/run`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ secteur: 'BTP', wilaya: 'Alger' }),
    });

    expect(res.status).toBe(200);
    const task = (await res.json()) as {
      task_id: string;
      status: string;
      results_found: number;
      credits_used: number;
      credit_balance: number;
      truncated: boolean;
      billable_found: number;
      sources: unknown[];
      entreprises: {
        nom: string;
        wilaya: string;
        secteur: string;
        email: string | null;
        telephone: string | null;
        emails: string[];
        telephones: string[];
        billed: boolean;
        sources: string[];
        source_urls: string[];
      }[];
    };
    expect(task).toMatchObject({ task_id: expect.stringMatching(UUID), status: 'completed', wilaya: 'Alger', secteur: 'BTP', truncated: false });
    expect(task.sources).toEqual([{ name: 'annuaire-demo', status: 'ok', pages_read: 2, companies_found: task.results_found, outcome: 'ok', items_seen: 14, items_dropped: { no_name: 0, invalid_name: 0, not_a_company: 0, advertisement: 0, duplicate: 14 - task.results_found } }]);
    expect(task.results_found).toBeGreaterThan(0);
    expect(task.entreprises).toHaveLength(task.results_found);

    const billed = task.entreprises.filter((e) => e.billed);
    // Some with a contact (billed), some without (free).
    expect(billed.length).toBeGreaterThan(0);
    expect(billed.length).toBeLessThan(task.results_found);
    expect(task.credits_used).toBe(billed.length);
    expect(task.billable_found).toBe(billed.length);
    for (const e of task.entreprises) {
      expect(e).toMatchObject({ wilaya: 'Alger', secteur: 'BTP', sources: ['annuaire-demo'] });
      expect(e.billed).toBe(e.email !== null || e.telephone !== null);
      for (const t of e.telephones) expect(t).toMatch(E164);
      for (const url of e.source_urls) expect(url.startsWith(`${origin}/recherche?`)).toBe(true);
      // The directory's own contacts (its header and footer) belong to no company.
      expect(e.emails).not.toContain('contact@annuaire-demo.dz');
      expect(e.telephones).not.toContain('+21321000000');
    }

    expect(task.credit_balance).toBe(1000 - task.credits_used);
    const after = (await (await fetch(`${base}/v1/me`, { headers: auth() })).json()) as { credit_balance: number };
    expect(after.credit_balance).toBe(1000 - task.credits_used);

    const stored = await fetch(`${base}/v1/scraping/tasks/${task.task_id}`, { headers: auth() });
    expect(stored.status).toBe(200);
    expect(await stored.json()).toEqual(task);
  });

  test('exits 0 on SIGTERM, the sample directory closed with it', async () => {
    expect(await server.signal('SIGTERM')).toEqual({ code: 0, signal: null });
    await expect(fetch(`${origin}/robots.txt`)).rejects.toThrow();
  });
});
