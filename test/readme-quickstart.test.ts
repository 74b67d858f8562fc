/**
 * The README's quickstart tells the truth (issue 16 point 7): its curl commands are read from
 * README.md and run, as written, against `node dist/src/server.js` started on a fresh store,
 * with the demo key it prints. Only `<api_key>`, `<next_cursor>` (from the answer before) and
 * the port are filled in. Each must answer without a problem document, and the searches and
 * the extraction must find something on the demo store.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createStore, ServerProcess, type Store } from './helpers/operator';
import { runToEnd } from './helpers/processes';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const README = fs.readFileSync(path.resolve(__dirname, '../README.md'), 'utf8');

/** The shell commands of the Quickstart section's ```sh blocks, continuation lines joined. */
function quickstartCommands(): string[] {
  const start = README.indexOf('\n## Quickstart\n');
  const end = README.indexOf('\n## ', start + 1);
  const section = README.slice(start, end);
  const commands: string[] = [];
  for (const block of section.split('```sh\n').slice(1)) {
    const body = block.slice(0, block.indexOf('```'));
    let current = '';
    for (const line of body.split('\n')) {
      current += line.endsWith('\\') ? `${line.slice(0, -1)} ` : line;
      if (!line.endsWith('\\')) {
        if (current.trim()) commands.push(current.replace(/ {2,}#.*$/, '').trim());
        current = '';
      }
    }
  }
  return commands;
}

const curls = quickstartCommands().filter((c) => c.startsWith('curl '));

const sh = (command: string) => runToEnd('bash', ['-c', command], { env: process.env });

let store: Store;
let server: ServerProcess;
let apiKey: string;
let port: number;

beforeAll(async () => {
  store = await createStore();
  server = ServerProcess.start({ ...store.env, HOST: '127.0.0.1', PORT: '0', ...(store.kind === 'postgres' ? { SEED_DEMO: 'true' } : {}) });
  const demo = await server.banner();
  apiKey = demo.api_key;
  port = Number(new URL(demo.url).port);
  // Searches answer once the index is loaded (the README says /readyz tells when).
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
    if (ready?.status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
}, 180_000);

afterAll(async () => {
  await server?.kill();
  await store?.remove();
});

test('the quickstart shows a key check, searches with every filter, the cursor, facets and an extraction', () => {
  expect(curls.map((c) => c.match(/localhost:3000(\/[^?" ]*)/)?.[1])).toEqual([
    '/v1/me',
    '/v1/entreprises',
    '/v1/entreprises',
    '/v1/entreprises',
    '/v1/entreprises/facets',
    '/v1/scraping/run',
  ]);
  expect(README).not.toContain('uuidgen');
});

test('every quickstart curl command works as written on a fresh demo store', async () => {
  let nextCursor: string | null = null;
  for (const written of curls) {
    if (written.includes('<next_cursor>')) expect(nextCursor).toEqual(expect.any(String));
    const command = written
      .replaceAll('<api_key>', apiKey)
      .replaceAll('<next_cursor>', encodeURIComponent(nextCursor ?? ''))
      .replaceAll('http://localhost:3000', `http://127.0.0.1:${port}`);
    const res = await sh(command);
    if (res.status !== 0) throw new Error(`${written} exited ${res.status}: ${res.stderr}`);
    const body = JSON.parse(res.stdout) as Json;
    expect({ command: written, problem: body.code ?? null }).toEqual({ command: written, problem: null });
    if (written.includes('/v1/entreprises?')) {
      expect({ command: written, total: body.total > 0, items: body.items.length > 0 }).toEqual({ command: written, total: true, items: true });
      nextCursor = body.next_cursor;
    }
    if (written.includes('/v1/entreprises/facets')) expect(body.total).toBeGreaterThan(0);
    if (written.includes('/v1/scraping/run')) {
      expect(body).toMatchObject({ status: 'completed', task_id: expect.any(String) });
      expect(body.results_found).toBeGreaterThan(0);
    }
  }
}, 120_000);
