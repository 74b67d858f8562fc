#!/usr/bin/env node
// Generates the TypeScript types of the v1 contract from openapi/v1.yaml.
//   node scripts/generate.mjs          writes generated/v1.ts
//   node scripts/generate.mjs --check  fails (exit 1) when generated/v1.ts is stale
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const specPath = resolve(root, 'openapi/v1.yaml');
const outPath = resolve(root, 'generated/v1.ts');

const BANNER = `/**
 * GENERATED FILE - DO NOT EDIT.
 * Source: openapi/v1.yaml. Regenerate with \`npm run generate\`;
 * \`npm run generate:check\` fails when this file is stale.
 */

`;

const ast = await openapiTS(pathToFileURL(specPath), { alphabetize: false });
const output = BANNER + astToString(ast);

if (process.argv.includes('--check')) {
  const current = await readFile(outPath, 'utf8').catch(() => '');
  if (current !== output) {
    console.error('generated/v1.ts is stale: run `npm run generate` and commit the result.');
    process.exit(1);
  }
  console.log('generated/v1.ts is up to date with openapi/v1.yaml.');
} else {
  await mkdir(dirname(outPath), { recursive: true });
  await writeFile(outPath, output);
  console.log('wrote generated/v1.ts');
}
