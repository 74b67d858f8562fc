import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

export const SPEC_PATH = path.resolve(__dirname, '../../openapi/v1.yaml');
export const DOCS_PATH = path.resolve(__dirname, '../../generated/docs/index.html');

export interface LoadedSpec {
  yaml: string;
  json: string;
  /** A fresh parsed copy for each caller: express-openapi-validator mutates what it is given. */
  document(): Record<string, unknown>;
}

export function loadSpec(file: string = SPEC_PATH): LoadedSpec {
  const yaml = fs.readFileSync(file, 'utf8');
  const parsed = YAML.parse(yaml) as Record<string, unknown>;
  const json = JSON.stringify(parsed);
  return { yaml, json, document: () => JSON.parse(json) };
}
