#!/usr/bin/env node
// Generates the TypeScript types of the v1 contract from openapi/v1.yaml, twice:
// generated/v1.ts (the server's and the tests') and clients/typescript/src/schema.ts (the
// published client's, @prospecting-api/client), the same types under their own banner; and
// generated/schemas.ts, a short name for each schema of the contract (`Entreprise` for
// `components['schemas']['Entreprise']`), re-exported by src/platform/types.ts.
//   node scripts/generate.mjs          writes both
//   node scripts/generate.mjs --check  fails (exit 1) when either is stale
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import YAML from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const specPath = resolve(root, 'openapi/v1.yaml');

const banner = (where) => `/**
 * GENERATED FILE - DO NOT EDIT.
 * Source: openapi/v1.yaml. Regenerate with \`npm run generate\`${where};
 * \`npm run generate:check\` fails when this file is stale.
 */

`;

const targets = [
  { path: resolve(root, 'generated/v1.ts'), banner: banner('') },
  { path: resolve(root, 'clients/typescript/src/schema.ts'), banner: banner(' at the repository root') },
];

const types = astToString(await openapiTS(pathToFileURL(specPath), { alphabetize: false }));

/** One line per schema, in the spec's order: `export type Name = components['schemas']['Name'];`. */
async function schemaNames() {
  const schemas = Object.keys(YAML.parse(await readFile(specPath, 'utf8')).components?.schemas ?? {});
  const bad = schemas.filter((name) => !/^[A-Z][A-Za-z0-9]*$/.test(name));
  if (bad.length > 0) throw new Error(`schema names that are not TypeScript type names: ${bad.join(', ')}`);
  const lines = schemas.map((name) => `export type ${name} = components['schemas']['${name}'];`);
  return `import type { components } from './v1';

${lines.join('\n')}
`;
}

const outputs = [
  ...targets.map((target) => ({ path: target.path, output: target.banner + types })),
  { path: resolve(root, 'generated/schemas.ts'), output: banner('') + (await schemaNames()) },
];
const check = process.argv.includes('--check');
let stale = 0;
for (const target of outputs) {
  const name = relative(root, target.path);
  const output = target.output;
  if (check) {
    const current = await readFile(target.path, 'utf8').catch(() => '');
    if (current !== output) {
      console.error(`${name} is stale: run \`npm run generate\` and commit the result.`);
      stale += 1;
    } else {
      console.log(`${name} is up to date with openapi/v1.yaml.`);
    }
  } else {
    await mkdir(dirname(target.path), { recursive: true });
    await writeFile(target.path, output);
    console.log(`wrote ${name}`);
  }
}
if (stale > 0) process.exit(1);
