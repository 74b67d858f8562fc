/**
 * `npm run lint` guards the feature boundaries (eslint.config.mjs): another feature only
 * through its index.ts (for a feature's tests too), platform using no feature, no code built on a
 * test, and no import cycle. Each rule is shown to bite on a deliberate import, linted with
 * ESLint's Node API as the file named.
 */
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The rule ids and messages ESLint reports for `code` as if it were the file `filePath`. */
async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('feature boundaries (npm run lint)', () => {
  test('a feature importing another feature\'s internal file is reported', async () => {
    const messages = await lint('src/lists/evil.ts', "import { PageReader } from '../extraction/pages';\nexport const reader = PageReader;\n");
    expect(messages).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*feature="lists".*feature="extraction"/)]);
  });

  test('the same import through the feature\'s index.ts is not', async () => {
    expect(await lint('src/lists/evil.ts', "import { PageReader } from '../extraction';\nexport const reader = PageReader;\n")).toEqual([]);
  });

  test('a feature may use its own files and the platform directly', async () => {
    const code = "import { ListService } from './listService';\nimport { AppError } from '../platform/errors';\nexport const used = [ListService, AppError];\n";
    expect(await lint('src/lists/evil.ts', code)).toEqual([]);
  });

  test('the platform importing a feature, even through its index.ts, is reported', async () => {
    const messages = await lint('src/platform/evil.ts', "import { ListService } from '../lists';\nexport const lists = ListService;\n");
    expect(messages).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"platform".*feature="lists"/)]);
  });

  test('a feature importing a root file (the composition) is reported; the root may import any file', async () => {
    const up = await lint('src/search/evil.ts', "import { createServices } from '../composition';\nexport const build = createServices;\n");
    expect(up).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*feature="search".*"root"/)]);
    expect(await lint('src/evil.ts', "import { PageReader } from './extraction/pages';\nexport const reader = PageReader;\n")).toEqual([]);
  });

  test('a file in a folder of src/ that is neither a feature nor the platform (say, one left behind by a move) is reported', async () => {
    const messages = await lint('src/scraping/evil.ts', "import { AppError } from '../platform/errors';\nexport const error = AppError;\n");
    expect(messages).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"stray"/)]);
  });

  test("a feature's tests (src/<feature>/__tests__/) may use its internals, the platform, the root and test/helpers", async () => {
    const code = [
      "import { ListService } from '../listService';",
      "import { AppError } from '../../platform/errors';",
      "import { createApp } from '../../app';",
      "import { upsertCompanies } from '../../search';",
      "import { createTestContext } from '../../../test/helpers/app';",
      'export const used = [ListService, AppError, createApp, upsertCompanies, createTestContext];',
      '',
    ].join('\n');
    expect(await lint('src/lists/__tests__/evil.test.ts', code)).toEqual([]);
  });

  test("a feature's tests importing another feature's internal file are reported, as its code would be", async () => {
    const messages = await lint('src/lists/__tests__/evil.test.ts', "import { PageReader } from '../../extraction/pages';\nexport const reader = PageReader;\n");
    expect(messages).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*category "test".*feature="lists".*feature="extraction"/)]);
  });

  test("code importing a test's file or test/helpers, even in its own feature, is reported", async () => {
    const ownTest = await lint('src/search/evil.ts', "import { x } from './__tests__/search.test';\nexport const y = x;\n");
    expect(ownTest).toEqual([expect.stringMatching(/^boundaries\/dependencies: Dependencies to file of category "test" are not allowed/)]);
    const helpers = await lint('src/search/evil.ts', "import { createTestContext } from '../../test/helpers/app';\nexport const y = createTestContext;\n");
    expect(helpers).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*feature="search".*"test-support"/)]);
  });

  test('an import cycle is reported', async () => {
    // companyIndex.ts imports bitset.ts: bitset.ts importing companyIndex.ts closes a cycle.
    const messages = await lint('src/search/bitset.ts', "import { CompanyIndex } from './companyIndex';\nexport const index = CompanyIndex;\n");
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });

  test('the sources as they are pass', async () => {
    const results = await eslint.lintFiles(['src']);
    const problems = results.flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.ruleId}: ${m.message}`));
    expect(problems).toEqual([]);
    // (Linting every source file with its types takes most of a minute on CI's two cores, and longer when they are shared: not a speed test.)
  }, 240_000);
});
