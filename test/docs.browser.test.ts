import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import YAML from 'yaml';
import { createTestContext, listen, type TestContext } from './helpers/app';

const ROOT = path.resolve(__dirname, '..');
const SPEC_FILE = path.join(ROOT, 'openapi/v1.yaml');
const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = fs.existsSync(CHROMIUM);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

// Debian's chromium is a system package: without it the browser part is skipped locally,
// but in CI (CI=true) it runs and fails, so a missing install step cannot pass unnoticed.
const browserTest = HAVE_CHROMIUM || process.env.CI === 'true' ? test : test.skip;

interface Operation {
  method: string;
  path: string;
  summary: string;
  tag?: string;
}

/** Every operation of the spec with its summary, read from openapi/v1.yaml itself. */
function specOperations(): Operation[] {
  const spec = YAML.parse(fs.readFileSync(SPEC_FILE, 'utf8')) as {
    paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
  };
  const operations: Operation[] = [];
  for (const [p, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      if (typeof op.summary !== 'string' || op.summary === '') throw new Error(`${method.toUpperCase()} ${p} has no summary in the spec`);
      operations.push({ method, path: p, summary: op.summary, tag: op.tags?.[0] });
    }
  }
  return operations;
}

/** A pattern matching exactly this text. */
function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

let ctx: TestContext;
let server: { url: string; close: () => Promise<void> };
let browser: Browser | undefined;

beforeAll(async () => {
  // The Redoc page is a build artifact: build it when the spec changed since the last build.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-docs.mjs'), '--if-stale'], { cwd: ROOT, stdio: 'pipe' });
  ctx = await createTestContext();
  server = await listen(ctx.app);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await ctx?.close();
});

describe('the API documentation', () => {
  test('is served at /docs as an HTML page', async () => {
    const res = await fetch(`${server.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('Prospecting API');
  });

  test('serves the contract as YAML at /v1/openapi.yaml without an API key', async () => {
    const res = await fetch(`${server.url}/v1/openapi.yaml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/yaml/);
    const text = await res.text();
    expect(text).toBe(fs.readFileSync(SPEC_FILE, 'utf8'));
  });

  test('serves the same contract as JSON at /v1/openapi.json without an API key', async () => {
    const [jsonRes, yamlRes] = await Promise.all([fetch(`${server.url}/v1/openapi.json`), fetch(`${server.url}/v1/openapi.yaml`)]);
    expect(jsonRes.status).toBe(200);
    expect(jsonRes.headers.get('content-type')).toMatch(/^application\/json/);
    const fromJson: unknown = JSON.parse(await jsonRes.text());
    expect(fromJson).toEqual(YAML.parse(await yamlRes.text()));
    expect(fromJson).toMatchObject({ openapi: '3.1.0', info: { title: 'Prospecting API' } });
  });

  test('serves its favicon and its badge logo itself, and answers 404 for an asset it does not have', async () => {
    for (const file of ['/favicon.ico', '/favicon.svg', '/docs/assets/redocly.svg']) {
      const res = await fetch(`${server.url}${file}`);
      expect({ file, status: res.status, type: res.headers.get('content-type') }).toEqual({ file, status: 200, type: expect.stringMatching(/^image\/svg\+xml/) });
      expect(await res.text()).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    const page = await (await fetch(`${server.url}/docs`)).text();
    expect(page).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(page.includes('cdn.redoc.ly')).toBe(false);
    const missing = await fetch(`${server.url}/docs/assets/nothing.svg`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  browserTest(
    'renders the API title and every operation of the spec in a real browser, asking no other host',
    async () => {
      if (!HAVE_CHROMIUM) {
        throw new Error(`${CHROMIUM} is not installed, and CI=true requires the browser test to run: install it with \`apt-get install -y chromium\`.`);
      }
      const operations = specOperations();
      expect(operations.length).toBeGreaterThan(0);

      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      const page = await browser.newPage();
      // Only the server under test is reached: anything else is aborted, so the page can neither
      // wait on nor depend on the outside world, and noted: the page must ask for nothing else.
      const origin = new URL(server.url).origin;
      const outside: string[] = [];
      const served: string[] = [];
      await page.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(`${origin}/`) || url.startsWith('data:') || url.startsWith('blob:')) {
          served.push(url);
          return route.continue();
        }
        outside.push(url);
        return route.abort();
      });
      const pageErrors: string[] = [];
      page.on('pageerror', (err) => pageErrors.push(err.message));

      const res = await page.goto(`${server.url}/docs`, { waitUntil: 'domcontentloaded' });
      expect(res?.status()).toBe(200);

      const title = page.getByRole('heading', { level: 1, name: /Prospecting API/ });
      await title.first().waitFor({ state: 'visible', timeout: 20_000 });
      expect(await page.title()).toContain('Prospecting API');
      // The page is prerendered, then hydrated: its links only navigate within the page once the
      // app runs, which shows when the search box trades its "Loading..." for "Search".
      await page.getByTestId('search-trigger').filter({ hasText: /Search/ }).first().waitFor({ state: 'visible', timeout: 20_000 });

      // Redoc 3 shows each tag's operations on demand, as a reader would open them: expand the
      // operation's tag in the sidebar, find the summary there, follow it to the operation itself.
      const sidebarText = (text: string) => page.locator('a[href]').getByText(text, { exact: true }).first();
      const missing: string[] = [];
      for (const op of operations) {
        const where = `${op.method.toUpperCase()} ${op.path} "${op.summary}"`;
        try {
          const entry = sidebarText(op.summary);
          if (!(await entry.isVisible())) {
            if (!op.tag) throw new Error('no tag to expand in the sidebar');
            await sidebarText(op.tag).click();
          }
          await entry.waitFor({ state: 'visible', timeout: 10_000 });
          await entry.click();
          if (new URL(page.url()).pathname !== '/docs') throw new Error(`the sidebar left the page for ${page.url()}`);
          // A heading's accessible name also holds Redoc's "link to …" anchor: match its text.
          const heading = page.getByRole('heading').filter({ hasText: exactly(op.summary) });
          await heading.first().waitFor({ state: 'visible', timeout: 10_000 });
        } catch (err) {
          missing.push(`${where}: ${(err as Error).message.split('\n')[0]} (at ${page.url()})`);
        }
      }
      expect(missing).toEqual([]);
      expect(pageErrors).toEqual([]);
      // Every image shown (the "API docs by" badge's logo among them) came from the server itself.
      // (The callbacks run in the browser; this project's types have no DOM, hence the shapes.)
      type Img = { currentSrc: string; src: string; complete: boolean; naturalWidth: number };
      const images = await page.locator('img').evaluateAll((imgs) =>
        (imgs as unknown as Img[]).map((img) => ({ src: img.currentSrc || img.src, loaded: img.complete && img.naturalWidth > 0 })),
      );
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) expect(image).toEqual({ src: expect.stringMatching(new RegExp(`^${origin}/`)), loaded: true });
      expect(served).toContain(`${origin}/docs/assets/redocly.svg`);
      // The favicon the page names is the server's own.
      const icon = await page.locator('link[rel="icon"]').evaluate((link) => (link as unknown as { href: string }).href);
      expect(icon).toBe(`${origin}/favicon.svg`);
      expect(outside).toEqual([]);
    },
    60_000,
  );
});
