import fs from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import YAML from 'yaml';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const SPEC_FILE = path.resolve(__dirname, '../../openapi/v1.yaml');
export const spec: Json = YAML.parse(fs.readFileSync(SPEC_FILE, 'utf8'));
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** Follows a local `$ref` (`#/components/...`) until it reaches a real object. */
export function deref<T = Json>(node: Json): T {
  let current = node;
  const seen = new Set<string>();
  while (current && typeof current.$ref === 'string') {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/') || seen.has(ref)) throw new Error(`cannot follow $ref ${ref}`);
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json>((obj, key) => obj?.[key], spec);
    if (current === undefined) throw new Error(`dangling $ref ${ref}`);
  }
  return current as T;
}

const SPEC_ID = 'https://prospecting-api.dz/openapi/v1.json';
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
// The whole document is registered once, so schemas keep their `#/components/...` refs.
ajv.addSchema({ ...spec, $id: SPEC_ID });
const compiled = new Map<string, ValidateFunction>();

/** Validates a value against a schema of the spec (given inline or as a $ref). */
export function validateAgainst(schema: Json, value: unknown): { valid: boolean; errors: string } {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    // Inline schemas may hold refs into the document: resolve them against its $id.
    const rebased = JSON.parse(key.replace(/"\$ref":"#\//g, `"$ref":"${SPEC_ID}#/`));
    validate = ajv.compile(rebased);
    compiled.set(key, validate);
  }
  const valid = validate(value) as boolean;
  return { valid, errors: valid ? '' : ajv.errorsText(validate.errors) };
}

export interface Operation {
  method: (typeof HTTP_METHODS)[number];
  path: string;
  id: string;
  operation: Json;
  parameters: Json[];
}

export function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [p, item] of Object.entries<Json>(spec.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((x: Json) => deref(x));
      out.push({ method, path: p, id: op.operationId, operation: op, parameters });
    }
  }
  return out;
}

/** The example values a node offers: its `example` and each of its named `examples`. */
export function examplesOf(node: Json): { name: string; value: unknown }[] {
  const found: { name: string; value: unknown }[] = [];
  if (node.example !== undefined) found.push({ name: 'example', value: node.example });
  for (const [name, ex] of Object.entries<Json>(node.examples ?? {})) {
    const resolved = deref(ex);
    if (!('value' in resolved)) throw new Error(`example ${name} has no value`);
    found.push({ name, value: resolved.value });
  }
  return found;
}
