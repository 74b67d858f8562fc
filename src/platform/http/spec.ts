import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

/** The project's folder: src/platform/http/ from the sources, dist/src/platform/http/ once compiled. */
const ROOT = path.resolve(__dirname, __filename.endsWith('.ts') ? '../../..' : '../../../..');

export const SPEC_PATH = path.join(ROOT, 'openapi/v1.yaml');
export const DOCS_PATH = path.join(ROOT, 'generated/docs/index.html');
/** The docs page's own files (its favicon, its badge's logo), committed: the page asks no other host. */
export const DOCS_ASSETS_DIR = path.join(ROOT, 'assets/docs');

export interface LoadedSpec {
  yaml: string;
  json: string;
  /** A fresh parsed copy for each caller: express-openapi-validator mutates what it is given. */
  document(): Record<string, unknown>;
}

type PathItem = Record<string, { operationId?: string } | undefined>;

/**
 * The document with a HEAD operation beside every GET (its parameters and responses), for the
 * request validator: HTTP answers HEAD as GET without a body (express does so for GET routes),
 * so a HEAD is checked as its GET is, and 405's Allow names HEAD wherever GET is allowed. The
 * published contract keeps GET alone.
 */
export function withHeadOperations(document: Record<string, unknown>): Record<string, unknown> {
  for (const item of Object.values((document.paths ?? {}) as Record<string, PathItem>)) {
    const get = item.get;
    if (get && !item.head) item.head = { ...get, operationId: get.operationId ? `${get.operationId}Head` : undefined };
  }
  return document;
}

export function loadSpec(file: string = SPEC_PATH): LoadedSpec {
  const yaml = fs.readFileSync(file, 'utf8');
  const parsed = YAML.parse(yaml) as Record<string, unknown>;
  const json = JSON.stringify(parsed);
  return { yaml, json, document: () => JSON.parse(json) };
}
