#!/usr/bin/env node
// Generates the TypeScript types of the v1 contract from openapi/v1.yaml, twice:
// generated/v1.ts (the server's and the tests') and clients/typescript/src/schema.ts (the
// published client's, @prospecting-api/client), the same types under their own banner.
//   node scripts/generate.mjs          writes both
//   node scripts/generate.mjs --check  fails (exit 1) when either is stale
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

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
const check = process.argv.includes('--check');
let stale = 0;
for (const target of targets) {
  const name = relative(root, target.path);
  const output = target.banner + types;
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
